import type { ReactNode } from "react";

type PostFormProps = { action: string; fields: Record<string, string | number>; className?: string; children: ReactNode };

/** A plain POST form (it works without JavaScript) carrying its fields as hidden inputs, in the order given, and its button. */
export function PostForm({ action, fields, className, children }: PostFormProps) {
  return (
    <form method="post" action={action} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
