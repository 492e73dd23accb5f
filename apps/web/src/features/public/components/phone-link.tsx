/** A phone number that dials on a phone (tel: wants the digits alone). */
export function PhoneLink({ phone, className = 'text-brand underline' }: { phone: string; className?: string }) {
  return (
    <a className={className} href={`tel:${phone.replace(/\s/g, '')}`}>
      {phone}
    </a>
  );
}
