export { BackupError, writeBackup, type BackupManifest, type BackupOptions } from './backup';
export { restoreBackup, type RestoreOptions, type RestoreResult } from './restore';
export { openCopySession, portableSettings, type CopySession } from './copy-session';
