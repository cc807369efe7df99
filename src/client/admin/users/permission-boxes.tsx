import { consoleUsers as copy } from '../../../content/console-users.ts';
import { CONSOLE_PERMISSIONS, type ConsolePermission } from '../../../shared/admin-users.ts';
import { Checkbox } from '../../ui/checkbox.tsx';

/** What a user may do, one box each; the label names the user so each box is told apart by a screen reader. */
export function PermissionBoxes({
  value,
  onChange,
  owner,
}: {
  value: readonly ConsolePermission[];
  onChange: (next: ConsolePermission[]) => void;
  owner: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{owner}</legend>
      {CONSOLE_PERMISSIONS.map((permission) => (
        <label key={permission} className="flex min-h-11 items-center gap-3 text-sm text-slate-200">
          <Checkbox
            checked={value.includes(permission)}
            aria-label={`${copy.permissions[permission]} — ${owner}`}
            onCheckedChange={(checked) =>
              onChange(CONSOLE_PERMISSIONS.filter((item) => (item === permission ? checked : value.includes(item))))
            }
          />
          <span>{copy.permissions[permission]}</span>
        </label>
      ))}
    </fieldset>
  );
}
