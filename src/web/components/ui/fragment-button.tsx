import type { AnchorHTMLAttributes, Ref } from 'react';

type FragmentButtonProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role' | 'onClick' | 'onKeyDown'> & {
  /** The id of the part of the page it opens; that part shows itself with Tailwind's `target:` variant. */
  opens: string;
  onPress: () => void;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A button that works before the scripts arrive and without them: it is a link to the part of
 * the page it opens (`#id`, which `:target` CSS shows), and once the scripts run, a button
 * that calls `onPress` instead. The same element in both, so nothing moves at hydration.
 */
export function FragmentButton({ opens, onPress, ref, ...props }: FragmentButtonProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the same element before and after hydration, so nothing moves
    <a
      ref={ref}
      href={`#${opens}`}
      role="button"
      onClick={(event) => {
        event.preventDefault();
        onPress();
      }}
      onKeyDown={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          onPress();
        }
      }}
      {...props}
    />
  );
}
