/** The product mark (public/logo.svg); decorative, so the surrounding link or heading names it. */
export function Logo({ size = 40, className }: { size?: number; className?: string }) {
  return <img src="/logo.svg" alt="" width={size} height={size} className={className} />;
}
