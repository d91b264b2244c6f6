// What other features and the app shell may use of tasks: the shared task dialogs and the screens.
export { TaskDetailDialog, type TaskDetailDialogProps } from './components/task-detail-dialog';
export {
  TaskFormDialog,
  type TaskFormDefaults,
  type TaskFormDialogProps,
} from './components/task-form-dialog';
export { TaskListPage } from './pages/task-list-page';
