import type { MessageKey, MessageParams } from '#shared/i18n';
import { useT } from '#web/i18n/locale-provider';
import { CheckIcon } from './icons';

/** A grid of ticked cards, each a title and a line of text from the catalog (trust, why us, ...). */
export function CheckCardList({
  items,
  params,
  cardClassName = '',
}: {
  items: [MessageKey, MessageKey][];
  /** Values the texts name ('{rate} Success Rate'). */
  params?: MessageParams;
  cardClassName?: string;
}) {
  const t = useT();
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(([title, text]) => (
        <li key={title} className={`rounded-xl p-6 ring-1 ring-gray-200 ${cardClassName}`}>
          <CheckIcon className="text-brand-700" width={28} height={28} />
          <h3 className="mt-3 text-lg font-semibold text-gray-900">{t(title, params)}</h3>
          <p className="mt-1 text-gray-700">{t(text, params)}</p>
        </li>
      ))}
    </ul>
  );
}
