import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

/** What a button says about itself: its colours (light and dark admin theme) and purpose. */
const VARIANTS = {
  primary: 'bg-brand-700 font-semibold text-white hover:bg-brand-800',
  secondary:
    'border border-slate-400 bg-white font-medium text-gray-900 hover:bg-slate-100 dark:bg-transparent dark:text-inherit dark:hover:bg-slate-700',
  /** A second choice beside a primary one, on a light background. */
  outline: 'border border-brand-700 font-semibold text-brand-800 hover:bg-brand-50',
  danger: 'bg-red-700 font-semibold text-white hover:bg-red-800 focus-visible:outline-red-700',
  /** Danger as an outline, for a row's or a toolbar's Delete. */
  'danger-outline':
    'border border-red-700 font-medium text-red-700 hover:bg-red-50 focus-visible:outline-red-700 dark:border-red-300 dark:text-red-300 dark:hover:bg-slate-700',
  whatsapp: 'bg-green-700 font-medium text-white hover:bg-green-800 focus-visible:outline-green-800',
  /** On the brand-coloured hero and banners. */
  light: 'bg-white font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-white',
  'outline-light': 'border-2 border-white font-semibold text-white hover:bg-white/10 focus-visible:outline-white',
  /** A close (×) or dismiss control: no box until hovered. */
  ghost: 'hover:bg-slate-100 dark:hover:bg-slate-700',
} as const;

const SIZES = {
  sm: 'min-h-11 rounded-lg px-3 text-sm',
  md: 'min-h-11 rounded-lg px-4 py-2',
  lg: 'min-h-12 rounded-lg px-6',
  /** A round 44 px target for a one-character control (×). */
  icon: 'min-h-11 min-w-11 rounded-full',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The classes of a button, for the rare control that must be another element (a file picker's label). */
export function buttonClass({ variant = 'primary', size = 'md', className = '' }: ButtonStyle = {}): string {
  return `inline-flex items-center justify-center gap-2 disabled:cursor-not-allowed disabled:opacity-70 ${VARIANTS[variant]} ${SIZES[size]} ${className}`;
}

type ButtonProps = ButtonStyle &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** While true the button is disabled and says `loadingText` (e.g. "Saving..."). */
    loading?: boolean;
    loadingText?: ReactNode;
  };

/** A button of the kit; `type` defaults to "button" so only a real submit submits a form. */
export function Button({
  variant,
  size,
  className,
  loading = false,
  loadingText,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} disabled={disabled || loading} className={buttonClass({ variant, size, className })} {...rest}>
      {loading && loadingText ? loadingText : children}
    </button>
  );
}

/** A link that looks like a button: `to` for a page of the app, `href` for anything else (WhatsApp, a download). */
export function ButtonLink(
  props: ButtonStyle &
    (({ to: LinkProps['to'] } & Omit<LinkProps, 'className'>) | AnchorHTMLAttributes<HTMLAnchorElement>),
) {
  const { variant, size, className, ...rest } = props;
  const classes = buttonClass({ variant, size, className });
  if ('to' in rest) return <Link className={classes} {...rest} />;
  return <a className={classes} {...rest} />;
}
