// Folders, documents, versions and permissions (spec 9: 20 documents of types pdf, docx, xlsx,
// pptx, txt, md). Storage keys are placeholders: the sample data has metadata, not file bytes.
import { departments } from './people';
import { documentTypes, type DocumentPermissionLevel, type DocumentType } from '@atrium/shared';
import { documentFolders, documentPermissions, documents, documentVersions } from '../schema/index';
import { expand, stamps, sum, type People, type Person, type SeedRun } from './run';

const folderKinds = ['Policies', 'Contracts', 'Reports', 'Templates', 'Plans', 'Archive'];
const documentTitles: Record<DocumentType, string[]> = {
  pdf: ['Employee Handbook', 'Security Policy', 'Signed Contract', 'Travel Policy'],
  docx: ['Project Proposal', 'Meeting Minutes', 'Job Description', 'Press Release'],
  xlsx: ['Quarterly Budget', 'Headcount Plan', 'Sales Forecast', 'Expense Report'],
  pptx: ['Board Presentation', 'Product Roadmap', 'Sales Deck', 'Onboarding Slides'],
  txt: ['Release Checklist', 'Server Notes', 'Import Log'],
  md: ['Engineering Guidelines', 'API Changelog', 'Runbook'],
};
const sizeRange: Record<DocumentType, readonly [number, number]> = {
  pdf: [50_000, 20_000_000],
  docx: [20_000, 5_000_000],
  xlsx: [15_000, 8_000_000],
  pptx: [200_000, 20_000_000],
  txt: [1_000, 200_000],
  md: [1_000, 100_000],
};

type DocumentPlan = {
  id: string;
  type: DocumentType;
  owner: Person;
  versions: { key: string; size: number; at: Date }[];
  permissions: number;
};

export async function seedDocuments(run: SeedRun, people: People) {
  const { random, loader, tenantId, counts } = run;
  const folders = Array.from({ length: counts.documentFolders }, (_, i) => ({
    id: random.uuid(),
    // Department folders first ("Engineering Policies"), numbered once the combinations run out.
    name: `${departments[i % departments.length]} ${folderKinds[Math.floor(i / departments.length) % folderKinds.length]}${
      i >= departments.length * folderKinds.length
        ? ` ${Math.floor(i / (departments.length * folderKinds.length)) + 1}`
        : ''
    }`,
  }));
  await loader.load(
    documentFolders,
    folders.length,
    folders.map((folder) => ({ tenantId, ...folder, parentId: null, ...stamps(random, 200) })),
  );

  const plans: DocumentPlan[] = [];
  function* documentRows() {
    for (let i = 0; i < counts.documents; i++) {
      const id = random.uuid();
      const type = random.pick(documentTypes);
      const owner = random.pick(people.active);
      const createdDaysAgo = random.int(10, 365);
      const versions = Array.from({ length: random.inRange(counts.versionsPerDocument) }, (_, v) => ({
        key: `seed/documents/${id}/v${v + 1}.${type}`,
        size: random.int(...sizeRange[type]),
        at: random.daysFromNow(-createdDaysAgo + v * random.int(1, 3)),
      }));
      const current = versions.at(-1);
      if (!current) throw new Error('a document needs at least one version');
      const editor = versions.length > 1 ? random.pick(people.active) : owner;
      plans.push({ id, type, owner, versions, permissions: random.inRange(counts.permissionsPerDocument) });
      yield {
        tenantId,
        id,
        name: `${random.pick(documentTitles[type])}.${type}`,
        description: `Shared by ${owner.name}.`,
        type,
        sizeBytes: current.size,
        storageKey: current.key,
        thumbnailKey: null,
        folderId: folders.length > 0 && random.chance(0.8) ? random.pick(folders).id : null,
        tags: random.sample(['draft', 'final', 'confidential', 'internal', 'legal'], random.int(0, 2)),
        metadata: {
          author: owner.name,
          keywords: random.sample(['budget', 'policy', 'q3', 'roadmap', 'hr', 'sales'], random.int(1, 3)),
        },
        uploadedBy: owner.id,
        lastModifiedBy: editor.id,
        createdAt: versions[0]?.at ?? current.at,
        updatedAt: current.at,
      };
    }
  }
  await loader.load(documents, counts.documents, documentRows());

  await loader.load(
    documentVersions,
    sum(plans, (d) => d.versions.length),
    expand(plans, (doc) =>
      doc.versions.map((version, v) => ({
        tenantId,
        id: random.uuid(),
        documentId: doc.id,
        versionNumber: v + 1,
        storageKey: version.key,
        sizeBytes: version.size,
        createdBy: doc.owner.id,
        createdAt: version.at,
        updatedAt: version.at,
      })),
    ),
  );

  // The owner administers the document; the others get view or edit.
  await loader.load(
    documentPermissions,
    sum(plans, (d) => d.permissions),
    expand(plans, (doc) => {
      const grantees = [
        doc.owner,
        ...random.sample(people.active, doc.permissions).filter((p) => p !== doc.owner),
      ].slice(0, doc.permissions);
      return grantees.map((person, i) => ({
        tenantId,
        id: random.uuid(),
        documentId: doc.id,
        employeeId: person.id,
        permission:
          i === 0
            ? ('admin' as const)
            : random.weighted<DocumentPermissionLevel>([
                ['view', 65],
                ['edit', 35],
              ]),
        createdAt: doc.versions[0]?.at ?? random.now,
        updatedAt: doc.versions[0]?.at ?? random.now,
      }));
    }),
  );
}
