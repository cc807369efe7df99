import { LIST_KEYS } from '../../../shared/suppliers.ts';
import { SupplierListPanel } from './supplier-list-panel.tsx';

/** Fornecedores: each supplier list on its own, the main one first; importing one never touches the other. */
export function SuppliersSection({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <div className="space-y-8">
      {LIST_KEYS.map((list) => (
        <SupplierListPanel key={list} list={list} onSignedOut={onSignedOut} />
      ))}
    </div>
  );
}
