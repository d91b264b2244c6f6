import { ChevronDown, Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { MenuContent, MenuItem } from '../../../components/ui/menu';
import { exportUrl, type GoalFilters, type PerformanceFilters } from '../api/performance.queries';

/** Export Reports: the reviews or the goals, with the screen's filters, as a CSV file. */
export function ExportMenu({ filters }: { filters: PerformanceFilters & GoalFilters }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary">
          <Download aria-hidden="true" className="size-4" />
          Export Reports
          <ChevronDown aria-hidden="true" className="size-4" />
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        {/* Plain links: the browser downloads the file with the session cookie (same origin). */}
        <MenuItem asChild>
          <a href={exportUrl('reviews', filters)} download>
            Reviews (CSV)
          </a>
        </MenuItem>
        <MenuItem asChild>
          <a href={exportUrl('goals', filters)} download>
            Goals (CSV)
          </a>
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
