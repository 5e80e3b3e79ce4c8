import { useTranslation } from '@lab/i18n';
import type { ReactNode } from 'react';
import { TrashIcon } from '../../components/CartIcon';
import type { RemovableLine } from './lines';

/** A line's delete button, named after the analysis for screen readers (the page and the dropdown). */
export function RemoveLineButton({
  item,
  onRemove,
  className,
  children,
}: {
  item: RemovableLine;
  onRemove: (item: RemovableLine) => void;
  className?: string;
  /** a visible label next to the icon, if the layout has room */
  children?: ReactNode;
}) {
  const { t } = useTranslation('cartCheckout');
  return (
    <button
      type="button"
      className={className}
      aria-label={t('remove.named', { title: item.service.title })}
      onClick={() => onRemove(item)}
    >
      <TrashIcon />
      {children}
    </button>
  );
}
