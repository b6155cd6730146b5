/** A form's status line: errors are announced at once, success politely. */
export function FormMessage({ tone, children, id }: { tone: 'error' | 'success'; children: string; id?: string }) {
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md px-3 py-2 text-sm font-medium ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
    >
      {children}
    </p>
  );
}
