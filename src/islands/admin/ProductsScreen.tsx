/**
 * /admin/products: the store's catalogue. Any staff member edits the words (name, description,
 * features, picture, property type) and the order; an owner also adds products, changes prices and
 * terms, and puts products on sale or takes them off. Prices show as $xx.xx and are typed the same way.
 * Phones get one card per product; wider screens a table sorted by the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { z } from 'zod';
import {
  featuresSchema, formatCents, priceDollars, productKinds, productTextFields, propertyTypes, slugSchema, termMonths, type ProductRow,
} from '../../lib/api/admin/products.contract';
import { ActionDialog, described, Field, fieldClass } from './AdminForm';
import ServerSortedTable, { serverSortedColumns } from './ServerSortedTable';
import { $productNotice, $products, $productSort, createProduct, loadProducts, moveProduct, saveProductPricing, saveProductText, setProductSort, type ProductSort } from './products.store';
import { $staff, loadStaff } from './session.store';

/** The form's fields as typed: features one per line, an empty picture meaning none, the term as text. */
const featureLines = z.string().transform((text) => text.split('\n').map((line) => line.trim()).filter(Boolean)).pipe(featuresSchema);
const imagePath = z.string().trim().transform((v) => v || null).pipe(productTextFields.image);
const termText = z.string().trim().transform((v) => (v === '' ? null : Number(v))).pipe(termMonths.nullable());
/** Checked with the contract's price rule but sent as typed: the server converts it to cents. */
const priceText = z.string().trim().superRefine((value, ctx) => {
  const parsed = priceDollars.safeParse(value);
  if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Enter the price in dollars and cents, like 139.25.' });
});
const textForm = z.object({ ...productTextFields, features: featureLines, image: imagePath });
const createForm = z.object({ slug: slugSchema, kind: z.enum(productKinds), ...productTextFields, features: featureLines, image: imagePath, price: priceText, termMonths: termText, active: z.boolean() });
const pricingForm = z.object({ price: priceText, termMonths: termText });
type TextInput = z.input<typeof textForm>;
type CreateInput = z.input<typeof createForm>;
type PricingInput = z.input<typeof pricingForm>;

const propertyLabel: Record<(typeof propertyTypes)[number], string> = { residential: 'Residential', commercial: 'Commercial', rental: 'Rental' };
const termLabel = (p: ProductRow) => (p.termMonths === null ? 'One-time' : p.termMonths % 12 === 0 ? `${p.termMonths / 12} year${p.termMonths === 12 ? '' : 's'}` : `${p.termMonths} months`);
function TextFields({ id, register, errors }: { id: string; register: ReturnType<typeof useForm<TextInput>>['register']; errors: Partial<Record<keyof TextInput, FieldError>> }) {
  return (
    <>
      <Field id={`${id}-name`} label="Name" error={errors.name}><input id={`${id}-name`} {...register('name')} {...described(`${id}-name`, errors.name)} className={fieldClass} /></Field>
      <Field id={`${id}-description`} label="Description" error={errors.description}><textarea id={`${id}-description`} rows={3} {...register('description')} {...described(`${id}-description`, errors.description)} className={fieldClass} /></Field>
      <Field id={`${id}-features`} label="Features" error={errors.features} hint="One per line, up to 12, each at most 120 characters.">
        <textarea id={`${id}-features`} rows={5} {...register('features')} {...described(`${id}-features`, errors.features, true)} className={fieldClass} />
      </Field>
      <Field id={`${id}-propertyType`} label="For" error={errors.propertyType}>
        <select id={`${id}-propertyType`} {...register('propertyType')} className={fieldClass}>
          {propertyTypes.map((t) => <option key={t} value={t}>{propertyLabel[t]}</option>)}
        </select>
      </Field>
      <Field id={`${id}-image`} label="Picture (optional)" error={errors.image} hint="A path on this site, like /images/store/silver-vip.webp.">
        <input id={`${id}-image`} {...register('image')} {...described(`${id}-image`, errors.image, true)} className={fieldClass} />
      </Field>
    </>
  );
}

function TextForm({ product, onDone }: { product: ProductRow; onDone: () => void }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<TextInput, unknown, z.output<typeof textForm>>({
    resolver: zodResolver(textForm),
    defaultValues: { name: product.name, description: product.description, features: product.features.join('\n'), propertyType: product.propertyType, image: product.image ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const failure = await saveProductText(product, values);
    setServerError(failure ?? '');
    if (!failure) onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextFields id={id} register={register} errors={errors} />
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Save</button>
      {serverError && <p role="alert" className="text-sm font-semibold text-red-700">{serverError}</p>}
    </form>
  );
}

function PricingForm({ product, onDone }: { product: ProductRow; onDone: () => void }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<PricingInput, unknown, z.output<typeof pricingForm>>({
    resolver: zodResolver(pricingForm),
    defaultValues: { price: (product.priceCents / 100).toFixed(2), termMonths: product.termMonths === null ? '' : String(product.termMonths) },
  });
  const onSubmit = handleSubmit(async (values) => {
    const failure = await saveProductPricing(product, product.kind === 'membership' && values.termMonths !== null ? { price: values.price, termMonths: values.termMonths } : { price: values.price });
    setServerError(failure ?? '');
    if (!failure) onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field id={`${id}-price`} label="Price in dollars" error={errors.price} hint={`Now ${formatCents(product.priceCents)}. Between $1 and $100,000.`}>
        <input id={`${id}-price`} inputMode="decimal" {...register('price')} {...described(`${id}-price`, errors.price, true)} className={`${fieldClass} max-w-48`} />
      </Field>
      {product.kind === 'membership' && (
        <Field id={`${id}-term`} label="Term in months" error={errors.termMonths} hint="1 to 60 months.">
          <input id={`${id}-term`} inputMode="numeric" {...register('termMonths')} {...described(`${id}-term`, errors.termMonths, true)} className={`${fieldClass} max-w-32`} />
        </Field>
      )}
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Save price</button>
      {serverError && <p role="alert" className="text-sm font-semibold text-red-700">{serverError}</p>}
    </form>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, watch, formState: { errors, isSubmitting } } = useForm<CreateInput, unknown, z.output<typeof createForm>>({
    resolver: zodResolver(createForm),
    defaultValues: { slug: '', kind: 'membership', name: '', description: '', features: '', propertyType: 'residential', image: '', price: '', termMonths: '12', active: false },
  });
  const kind = watch('kind');
  const onSubmit = handleSubmit(async (values) => {
    const failure = await createProduct({ ...values, termMonths: values.kind === 'membership' ? values.termMonths : null });
    setServerError(failure ?? '');
    if (!failure) onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field id={`${id}-slug`} label="Slug" error={errors.slug} hint="Its address in the store: lower-case words joined by dashes. It cannot be changed later.">
        <input id={`${id}-slug`} {...register('slug')} {...described(`${id}-slug`, errors.slug, true)} className={fieldClass} />
      </Field>
      <Field id={`${id}-kind`} label="Kind" error={errors.kind}>
        <select id={`${id}-kind`} {...register('kind')} className={fieldClass}><option value="membership">Membership</option><option value="product">Product</option></select>
      </Field>
      <TextFields id={id} register={register as unknown as ReturnType<typeof useForm<TextInput>>['register']} errors={errors} />
      <Field id={`${id}-price`} label="Price in dollars" error={errors.price} hint="Between $1 and $100,000, like 139.25.">
        <input id={`${id}-price`} inputMode="decimal" {...register('price')} {...described(`${id}-price`, errors.price, true)} className={`${fieldClass} max-w-48`} />
      </Field>
      {kind === 'membership' && (
        <Field id={`${id}-term`} label="Term in months" error={errors.termMonths} hint="1 to 60 months.">
          <input id={`${id}-term`} inputMode="numeric" {...register('termMonths')} {...described(`${id}-term`, errors.termMonths, true)} className={`${fieldClass} max-w-32`} />
        </Field>
      )}
      <label className="flex items-center gap-2 font-semibold"><input type="checkbox" {...register('active')} className="h-5 w-5" />On sale once published</label>
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Add product</button>
      {serverError && <p role="alert" className="text-sm font-semibold text-red-700">{serverError}</p>}
    </form>
  );
}

function RowActions({ product, isOwner, first, last, canMove }: { product: ProductRow; isOwner: boolean; first: boolean; last: boolean; canMove: boolean }) {
  const toggle = () => {
    const question = product.active
      ? `Take ${product.name} off sale? After the next publish the store no longer offers it.`
      : `Put ${product.name} on sale at ${formatCents(product.priceCents)}? After the next publish the store offers it.`;
    if (window.confirm(question)) void saveProductPricing(product, { active: !product.active });
  };
  return (
    <div className="flex flex-wrap gap-1.5">
      <ActionDialog trigger="Edit" label={`Edit ${product.name}`} title={`Edit ${product.name}`} description="The words buyers read. The store shows the change after the next publish.">
        {(close) => <TextForm product={product} onDone={close} />}
      </ActionDialog>
      {isOwner && (
        <ActionDialog trigger="Price" label={`Change the price of ${product.name}`} title={`Price of ${product.name}`} description="Owners only. The change is recorded in the audit log with the old and new price.">
          {(close) => <PricingForm product={product} onDone={close} />}
        </ActionDialog>
      )}
      {isOwner && <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" aria-label={`${product.active ? 'Take off sale' : 'Put on sale'}: ${product.name}`} onClick={toggle}>{product.active ? 'Take off sale' : 'Put on sale'}</button>}
      {canMove && (
        <span className="flex gap-1.5">
          <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" aria-label={`Move ${product.name} up`} disabled={first} onClick={() => void moveProduct(product, -1)}><span aria-hidden="true">↑</span></button>
          <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" aria-label={`Move ${product.name} down`} disabled={last} onClick={() => void moveProduct(product, 1)}><span aria-hidden="true">↓</span></button>
        </span>
      )}
    </div>
  );
}

const column = serverSortedColumns<ProductRow>();
const sortIds: Record<string, ProductSort> = { sortOrder: 'order', name: 'name', priceCents: 'price' };

function NameCell({ product }: { product: ProductRow }) {
  return (
    <div>
      <span className="font-semibold">{product.name}</span>
      <span className="block text-xs text-muted">{product.slug} · {product.kind === 'membership' ? 'Membership' : 'Product'} · {propertyLabel[product.propertyType]}</span>
    </div>
  );
}
const stateBadge = (p: ProductRow) => (p.active ? <span className="rounded bg-green-100 px-1.5 text-xs font-semibold whitespace-nowrap text-green-900">On sale</span> : <span className="rounded bg-gray-200 px-1.5 text-xs font-semibold whitespace-nowrap text-ink">Off sale</span>);

export default function ProductsScreen() {
  const staff = useStore($staff);
  const products = useStore($products);
  const sort = useStore($productSort);
  const notice = useStore($productNotice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadProducts() : undefined));
  }, []);
  const isOwner = staff.status === 'signed-in' && staff.staff.role === 'owner';
  const rows = products.rows;
  const canMove = sort === 'order';
  // The place in the store, whichever way the list is sorted.
  const place = new Map([...rows].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((p, index) => [p.id, index + 1]));
  const actions = (p: ProductRow, index: number) => <RowActions product={p} isOwner={isOwner} first={index === 0} last={index === rows.length - 1} canMove={canMove} />;
  const columns = column.columns([
    column.accessor('sortOrder', { header: 'Order', cell: (c) => place.get(c.row.original.id) }),
    column.accessor('name', { header: 'Name', cell: (c) => <NameCell product={c.row.original} /> }),
    column.accessor('priceCents', { header: 'Price', cell: (c) => <span className="whitespace-nowrap font-semibold">{formatCents(c.getValue())}</span> }),
    column.display({ id: 'term', header: 'Term', enableSorting: false, cell: (c) => <span className="whitespace-nowrap">{termLabel(c.row.original)}</span> }),
    column.display({ id: 'state', header: 'State', enableSorting: false, cell: (c) => stateBadge(c.row.original) }),
    column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, enableSorting: false, cell: (c) => actions(c.row.original, c.row.index) }),
  ]);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">{isOwner ? 'As an owner you can also add products, change prices and terms, and take products off sale.' : 'You can change the words and the order. Prices, terms and what is on sale are changed by an owner.'}</p>
        {isOwner && (
          <ActionDialog trigger="Add a product" label="Add a product" title="Add a product" description="It appears in the store after the next publish, if it is on sale.">
            {(close) => <CreateForm onDone={close} />}
          </ActionDialog>
        )}
      </div>
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
      {products.status === 'error' && <p role="alert" className="font-semibold text-red-700">{products.message}</p>}
      {products.status === 'loading' && <p aria-busy="true">Loading the catalogue…</p>}
      {/* Phones get one card per product; the table would need sideways scrolling to reach the buttons. */}
      <div className="md:hidden">
        <label htmlFor={`${id}-sort`} className="block text-sm font-bold">Sort by</label>
        <select id={`${id}-sort`} value={sort} onChange={(e) => setProductSort(e.target.value as ProductSort)} className="mt-1 rounded-md border border-line px-3 py-2">
          <option value="order">Store order</option>
          <option value="name">Name, A to Z</option>
          <option value="price">Price, lowest first</option>
        </select>
        <ul className="mt-3 space-y-2" aria-label="Products">
          {rows.map((p, index) => (
            <li key={p.id} className="card space-y-2 p-3">
              <NameCell product={p} />
              <p className="flex flex-wrap items-center gap-2 text-sm"><span className="font-semibold">{formatCents(p.priceCents)}</span><span>{termLabel(p)}</span>{stateBadge(p)}</p>
              {actions(p, index)}
            </li>
          ))}
        </ul>
      </div>
      <ServerSortedTable rows={rows} columns={columns} sortIds={sortIds} sort={sort} onSort={setProductSort} caption={`Products${canMove ? ', in store order' : ''}`} empty={products.status === 'ready' && 'No products yet.'} />
    </div>
  );
}
