/**
 * The checkout form (buy now, or the cart): contact, residential or commercial, the service
 * address of each membership, shipping when a product ships, billing, the terms in words, and an
 * accept box. The server re-reads every price; it answers with Stripe's payment page (`redirect`)
 * or, without online payment, the success page of an order request (`request`). Its 4xx field
 * messages show next to their fields; what was typed before the island was live is kept.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { checkoutContract } from '../../lib/api/checkout.contract';
import { ApiError, callContract } from '../../lib/api/client';
import { renewalPrefillContract } from '../../lib/api/renewal.contract';
import { takeRenewalLink } from './renewal-link';
import { idempotencyKeyHeader } from '../../lib/api/lead-fields';
import { MAX_PRODUCT_QUANTITY } from '../../lib/store/cart';
import { formatCents, termLabel, type StoreItem } from '../../lib/store/catalogue';
import { FieldError, inputClass, OfficePhones, SpamTrap, TextField } from '../shared/FormFields';
import { failureFields, failureText, submissionFor, type PendingSubmission } from '../shared/lead-submission';
import { officePhoneList, type OfficePhone } from '../shared/office-phones';
import { changedBeforeHydration, typedValues } from '../shared/typed-before-hydration';
import { $cart, loadCart, pricedLines } from './cart.store';
import { checkCheckout, checkoutFingerprint, checkoutPayload, fieldValue, forcesCommercial, formPaths, hasMembership, serviceAddressPath, shipsProduct, unplacedErrors, withRenewal, type CheckoutLine, type CheckoutValues } from './checkout-form.logic';
import { markCartCheckout } from './checkout-handoff';

interface Props {
  /** `buy`: the one item of /store/checkout/{slug}; `cart`: the cart's lines. */
  mode: 'buy' | 'cart';
  catalogue: StoreItem[];
}

const fieldId = (path: string) => `checkout-${path}`;

function AddressFields({ prefix, legend, hint, values, errors, set, autoComplete }: {
  prefix: string;
  legend: string;
  hint?: string;
  values: CheckoutValues;
  errors: Record<string, string>;
  set: (name: string) => (value: string) => void;
  autoComplete: string;
}) {
  const field = (part: string) => `${prefix}.${part}`;
  const props = (part: string) => ({ id: fieldId(field(part)), value: fieldValue(values, field(part)), onChange: set(field(part)), error: errors[field(part)] });
  return (
    <fieldset className="mt-4 rounded-lg border border-line p-4" aria-describedby={errors[prefix] ? `${fieldId(prefix)}-error` : undefined}>
      <legend className="px-1 font-bold">{legend}</legend>
      {hint && <p className="text-sm text-muted">{hint}</p>}
      <FieldError id={fieldId(prefix)} error={errors[prefix]} />
      <div className="mt-2 grid gap-4 sm:grid-cols-6">
        <TextField className="sm:col-span-6" label="Street address *" required autoComplete={`${autoComplete} address-line1`} maxLength={120} {...props('line1')} />
        <TextField className="sm:col-span-6" label="Apartment, suite or unit" autoComplete={`${autoComplete} address-line2`} maxLength={120} {...props('line2')} />
        <TextField className="sm:col-span-3" label="City *" required autoComplete={`${autoComplete} address-level2`} maxLength={60} {...props('city')} />
        <TextField className="sm:col-span-1" label="State *" required autoComplete={`${autoComplete} address-level1`} maxLength={2} {...props('state')} />
        <TextField className="sm:col-span-2" label="ZIP code *" required inputMode="numeric" autoComplete={`${autoComplete} postal-code`} maxLength={5} {...props('zip')} />
      </div>
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8 border-t border-line pt-6">
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

export default function CheckoutForm({ mode, catalogue }: Props) {
  const cart = useStore($cart);
  const [cartReady, setCartReady] = useState(mode === 'buy');
  // The built HTML's button stays disabled until the island is live (it hydrates after the first
  // paint): a click or Enter before then would send the form natively, its fields in the address.
  // What is typed early is kept (typed-before-hydration).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [buyQuantity, setBuyQuantity] = useState(1);
  const lines: CheckoutLine[] = mode === 'buy'
    ? catalogue.slice(0, 1).map((item) => ({ slug: item.slug, quantity: item.kind === 'membership' ? 1 : buyQuantity, item }))
    : cartReady ? pricedLines(cart, catalogue).lines : [];
  const [values, setValues] = useState<CheckoutValues>({ propertyType: 'residential' });
  const [billingSame, setBillingSame] = useState(true);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'submitting' | 'leaving' | 'error'>('idle');
  const [failure, setFailure] = useState<{ text: string; more: string[] } | null>(null);
  const [phones, setPhones] = useState<OfficePhone[]>([]);
  // A renew link (`?renew=<token>`): `filled` once its details are in the form; `unread` when they
  // could not be fetched (the token is still sent, the server decides); `invalid` for an unknown or
  // expired link (nothing is sent: the order is a new membership).
  const [renewal, setRenewal] = useState<{ token?: string; state: 'loading' | 'filled' | 'unread' | 'invalid' } | null>(null);
  const renew = renewal && renewal.state !== 'invalid' ? renewal.token : undefined;
  const pending = useRef<PendingSubmission | null>(null);
  const formStartTime = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusInvalid = useRef(false);

  // A layout effect: what was typed into the built HTML is read before the first re-render resets it.
  useLayoutEffect(() => {
    formStartTime.current = Date.now();
    const typed = typedValues(formRef.current);
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
    for (const box of changedBeforeHydration(formRef.current).filter((f) => f.checked !== undefined)) {
      if (box.name === 'billingSameAsService') setBillingSame(Boolean(box.checked));
      if (box.name === 'acceptTerms') setAccepted(Boolean(box.checked));
    }
    setPhones(officePhoneList());
    const link = mode === 'buy' && catalogue[0] ? takeRenewalLink(catalogue[0].slug) : undefined;
    if (link?.present && !link.token) setRenewal({ state: 'invalid' });
    if (link?.token) {
      const token = link.token;
      setRenewal({ token, state: 'loading' });
      callContract(renewalPrefillContract, { token })
        .then((prefill) => {
          const index = catalogue.findIndex((item) => item.slug === prefill.slug);
          if (index !== 0) {
            link.forget();
            return setRenewal({ state: 'invalid' });
          }
          setValues((v) => withRenewal(v, prefill, index));
          setRenewal({ token, state: 'filled' });
        })
        .catch((error: unknown) => {
          const unknown = error instanceof ApiError && error.status === 404;
          if (unknown) link.forget();
          setRenewal(unknown ? { state: 'invalid' } : { token, state: 'unread' });
        });
    }
    if (mode === 'cart') {
      loadCart();
      setCartReady(true);
    }
  }, [mode, catalogue]);

  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else failureRef.current?.focus();
  });

  const set = (name: string) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const commercialForced = forcesCommercial(lines);
  const commercial = commercialForced || values.propertyType === 'commercial';
  const memberships = hasMembership(lines);
  const ships = shipsProduct(lines);
  const total = lines.reduce((n, l) => n + l.item.priceCents * l.quantity, 0);

  const submit = async () => {
    if (status === 'submitting' || status === 'leaving' || lines.length === 0) return;
    const payload = checkoutPayload(values, { billingSameAsService: billingSame, acceptTerms: accepted }, lines, formStartTime.current, renew);
    const invalid = checkCheckout(payload);
    if (Object.keys(invalid).length > 0) {
      focusInvalid.current = true;
      setErrors(invalid);
      setFailure(null);
      setStatus('idle');
      return;
    }
    pending.current = submissionFor(pending.current, checkoutFingerprint(payload));
    setErrors({});
    setFailure(null);
    setStatus('submitting');
    try {
      const answer = await callContract(checkoutContract, payload, { [idempotencyKeyHeader]: pending.current.key });
      setStatus('leaving');
      if (mode === 'cart') markCartCheckout(answer.orderNumber);
      window.location.assign(answer.status === 'redirect' ? answer.checkoutUrl : answer.successUrl);
    } catch (error) {
      const fields = failureFields(error);
      focusInvalid.current = true;
      setErrors(fields);
      setFailure({ text: failureText(error), more: unplacedErrors(fields, formPaths(lines, commercial, billingSame)) });
      setStatus('error');
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  if (mode === 'cart' && cartReady && lines.length === 0) {
    return (
      <div className="card p-6" data-checkout-empty>
        <h2 className="text-xl font-bold">Your cart is empty</h2>
        <p className="mt-2 text-muted">Choose a membership or product in the store, then check out.</p>
        <a href="/store" className="btn btn-primary mt-5">Go to the store</a>
      </div>
    );
  }

  const busy = status === 'submitting' || status === 'leaving';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="checkout-title" className="relative grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start" data-checkout-form>
      <div className="min-w-0">
        <h2 id="checkout-title" className="sr-only">Checkout</h2>
        <p className="text-sm text-muted">Fields marked * are required.</p>
        {renewal && renewal.state !== 'invalid' && (
          <p className="mt-3 rounded-lg bg-brand-50 p-3 text-sm font-semibold text-brand-900" data-renewal={renewal.state}>
            You are renewing your membership: the new term starts the day after the current one ends (or when this order is paid, if it has ended already).
            {renewal.state === 'filled' && ' We filled in your details and the service address from your membership; check them and change anything that is out of date.'}
            {renewal.state === 'unread' && ' We could not fill in your details just now: type them in, with the same service address, and the order is still your renewal.'}
          </p>
        )}
        {renewal?.state === 'invalid' && <p className="mt-3 rounded-lg border border-line p-3 text-sm" data-renewal-invalid>This renewal link is not valid any more (it may have expired or been used already), so this order starts a new membership. If you expected a renewal, call us.</p>}

        {failure && (
          <div ref={failureRef} tabIndex={-1} className="mt-4 rounded-lg border-2 border-call-700 bg-white p-4" data-checkout-failure>
            <p className="font-bold text-call-700">Your order was not placed.</p>
            <p className="mt-1 text-sm">{failure.text} What you typed is still here.</p>
            {failure.more.map((m) => <p key={m} className="mt-1 text-sm font-semibold text-call-700">{m}</p>)}
            <p className="mt-2 text-sm">Fix what is marked and place the order again, or call us:</p>
            <OfficePhones phones={phones} />
          </div>
        )}

        <Section title="Your contact details">
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField className="sm:col-span-2" id={fieldId('name')} label="Full name *" required autoComplete="name" maxLength={100} value={values.name ?? ''} onChange={set('name')} error={errors.name} />
            <TextField id={fieldId('phone')} label="Phone number *" required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} value={values.phone ?? ''} onChange={set('phone')} error={errors.phone} />
            <TextField id={fieldId('email')} label="Email *" required type="email" inputMode="email" autoComplete="email" maxLength={254} value={values.email ?? ''} onChange={set('email')} error={errors.email} describedBy={fieldId('email-hint')} />
          </div>
          <p id={fieldId('email-hint')} className="mt-1 text-sm text-muted">Your receipt goes to this email.</p>

          <fieldset className="mt-5" aria-describedby={commercialForced ? fieldId('propertyType-hint') : undefined}>
            <legend className="font-semibold">Property type *</legend>
            {commercialForced && <p id={fieldId('propertyType-hint')} className="text-sm text-muted">The Commercial VIP Membership is for businesses, so this order is commercial.</p>}
            <div className="mt-2 flex flex-wrap gap-3">
              {(['residential', 'commercial'] as const).map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-2 rounded-lg border border-line px-4 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                  <input type="radio" name="propertyType" value={type} checked={commercial ? type === 'commercial' : type === 'residential'} disabled={commercialForced && type === 'residential'} onChange={() => set('propertyType')(type)} className="h-4 w-4 accent-brand-700" />
                  {type === 'residential' ? 'Residential (a home)' : 'Commercial (a business)'}
                </label>
              ))}
            </div>
            <FieldError id={fieldId('propertyType')} error={errors.propertyType} />
          </fieldset>
          {commercial && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <TextField id={fieldId('company')} label="Company name *" required autoComplete="organization" maxLength={120} value={values.company ?? ''} onChange={set('company')} error={errors.company} />
              <TextField id={fieldId('contactPerson')} label="Contact person *" required autoComplete="off" maxLength={100} value={values.contactPerson ?? ''} onChange={set('contactPerson')} error={errors.contactPerson} />
            </div>
          )}
        </Section>

        {memberships && (
          <Section title="Where the membership applies">
            <p className="mt-1 text-sm text-muted">Each membership covers one service address.</p>
            {lines.map((line, index) => line.item.kind === 'membership' && (
              <AddressFields key={line.slug} prefix={serviceAddressPath(index)} legend={`Service address for the ${line.item.name}`} values={values} errors={errors} set={set} autoComplete={`section-service${index}`} />
            ))}
          </Section>
        )}

        {ships && (
          <Section title="Shipping">
            <AddressFields prefix="shippingAddress" legend="Shipping address" hint="Where we send your products." values={values} errors={errors} set={set} autoComplete="shipping" />
          </Section>
        )}

        <Section title="Billing">
          <label className="mt-3 flex items-start gap-3">
            <input type="checkbox" name="billingSameAsService" checked={billingSame} onChange={(e) => setBillingSame(e.target.checked)} className="mt-1 h-5 w-5 accent-brand-700" />
            <span>My billing address is the same as the {memberships ? 'service address' : 'shipping address'}</span>
          </label>
          {!billingSame && <AddressFields prefix="billingAddress" legend="Billing address" values={values} errors={errors} set={set} autoComplete="billing" />}
          <FieldError id={fieldId('billingAddress')} error={billingSame ? errors.billingAddress : undefined} />
        </Section>

        <Section title="Terms">
          <ul className="mt-3 space-y-3 text-sm" data-terms>
            {lines.map((line) => (
              <li key={line.slug} className="rounded-lg bg-surface p-3">
                <p className="font-bold">{line.item.name}</p>
                {line.item.kind === 'membership' ? (
                  <>
                    <p className="mt-1">Lasts {termLabel(line.item.termMonths ?? 12)} from when your order is paid, and does not renew automatically: we remind you before it ends.{line.item.features.length > 0 && ' It includes:'}</p>
                    {line.item.features.length > 0 && <ul className="mt-1 list-disc pl-5">{line.item.features.map((f) => <li key={f}>{f}</li>)}</ul>}
                    <p className="mt-1">Our office calls you to schedule the first visit.</p>
                  </>
                ) : (
                  <p className="mt-1">Shipped to your shipping address.</p>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">Refunds and returns follow our <a href="/refund_returns" className="underline underline-offset-2" target="_blank" rel="noopener">refund and returns policy (opens in a new tab)</a>.</p>
          <label className="mt-4 flex items-start gap-3 font-semibold">
            <input id={fieldId('acceptTerms')} type="checkbox" name="acceptTerms" checked={accepted} onChange={(e) => { setAccepted(e.target.checked); set('acceptTerms')(''); }} aria-invalid={errors.acceptTerms ? true : undefined} aria-describedby={errors.acceptTerms ? `${fieldId('acceptTerms')}-error` : undefined} className="mt-1 h-5 w-5 accent-brand-700" />
            <span>I accept these terms and the refund and returns policy. *</span>
          </label>
          <FieldError id={fieldId('acceptTerms')} error={errors.acceptTerms} />
        </Section>
        <SpamTrap id={fieldId('website')} value={values.website ?? ''} onChange={set('website')} />
      </div>

      <aside aria-labelledby="checkout-summary" className="card p-6 lg:sticky lg:top-24" data-checkout-summary>
        <h2 id="checkout-summary" className="text-lg font-bold">Your order</h2>
        {!cartReady ? <p className="mt-3 text-muted">Opening your cart…</p> : (
          <ul className="mt-3 space-y-3">
            {lines.map((line) => (
              <li key={line.slug} className="flex justify-between gap-3 text-sm">
                <span>
                  <span className="font-semibold">{line.item.name}</span>
                  {mode === 'buy' && line.item.kind === 'product' ? (
                    <label className="mt-2 flex items-center gap-2">
                      Quantity
                      <select className={`${inputClass} mt-0 w-20 py-1.5`} value={buyQuantity} onChange={(e) => setBuyQuantity(Number(e.target.value))}>
                        {Array.from({ length: MAX_PRODUCT_QUANTITY }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
                      </select>
                    </label>
                  ) : line.quantity > 1 && <span className="text-muted"> × {line.quantity}</span>}
                </span>
                <span className="font-semibold whitespace-nowrap">{formatCents(line.item.priceCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
        <FieldError id={fieldId('items')} error={errors.items} />
        <p className="mt-4 flex justify-between border-t border-line pt-3 text-lg font-extrabold"><span>Total</span><span data-checkout-total>{formatCents(total)}</span></p>
        <p className="mt-1 text-sm text-muted">The price is confirmed by our server when you place the order.</p>
        <button type="submit" className="btn btn-primary mt-5 w-full" disabled={busy || !cartReady || !live}>
          {status === 'submitting' ? 'Placing your order…' : status === 'leaving' ? 'Opening the next page…' : 'Place order'}
        </button>
        <p className="mt-3 text-xs text-muted" data-payment-next>When online payment is available, the next page is Stripe's secure payment page, and your card details never reach this site. When it is not, we save your order as a request, nothing is charged, and our office calls you to take payment.</p>
        {mode === 'cart' && <a href="/store/cart" className="mt-3 inline-block text-sm underline underline-offset-2">Change your cart</a>}
      </aside>
    </form>
  );
}
