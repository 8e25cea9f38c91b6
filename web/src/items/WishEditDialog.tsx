import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { WISH_MEMO_MAX, characterCount } from '@domain/limits.js';
import { wishUpdateSchema } from '@domain/items.js';
import { itemTexts, uiTexts } from '@domain/messages.js';
import type { WishEditDialog_wish$key } from '../__generated__/WishEditDialog_wish.graphql';
import { FormError, LengthCounter, ModalActions, ModalDialog } from '../ui/FormParts';
import { useToast } from '../ui/toast/ToastProvider';
import { MutationFailure, failureMessage } from '../app/relay/mutationFailure';
import { useUpdateWishMutation } from './useUpdateWishMutation';

const t = itemTexts.wishEdit;

/** The edited fields by the upstream's names, as the domain schema and the gateway's issue paths name them. */
type Field = 'target_price' | 'quantity' | 'memo';
type FieldErrors = Partial<Record<Field | 'form', string>>;

/** A field issue's path, from the domain schema (`["target_price"]`) or the gateway (`["input", "targetPrice"]`). */
const fieldOf = (path: ReadonlyArray<PropertyKey>): Field | undefined => {
  const name = String(path[0] === 'input' ? path[1] : path[0]).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return name === 'target_price' || name === 'quantity' || name === 'memo' ? name : undefined;
};

function errorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path) ?? 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

interface WishEditDialogProps {
  wish: WishEditDialog_wish$key;
  onClose: () => void;
}

/**
 * Edits one entry of the viewer's lists: target price, quantity, memo and the price notification (001 §3). The
 * domain's `wishUpdateSchema` checks it before sending, with the same Korean messages the gateway answers; an
 * empty price or memo clears it.
 */
export function WishEditDialog({ wish: wishKey, onClose }: WishEditDialogProps) {
  const wish = useFragment(
    graphql`
      fragment WishEditDialog_wish on Wish {
        id
        targetPrice
        quantity
        memo
        isNotificationEnabled
        item {
          name
        }
      }
    `,
    wishKey,
  );
  const [targetPrice, setTargetPrice] = useState(wish.targetPrice == null ? '' : String(wish.targetPrice));
  const [quantity, setQuantity] = useState(String(wish.quantity));
  const [memo, setMemo] = useState(wish.memo ?? '');
  const [notify, setNotify] = useState(wish.isNotificationEnabled);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [updateWish, saving] = useUpdateWishMutation();
  const toast = useToast();
  const titleId = useId();
  const ids = { target_price: useId(), quantity: useId(), memo: useId() };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = wishUpdateSchema.safeParse({
      target_price: targetPrice.trim() === '' ? null : targetPrice.trim(),
      quantity: quantity.trim(),
      memo,
      is_notification_enabled: notify,
    });
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues));
      const form = event.currentTarget;
      window.requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const body = checked.data;
    try {
      await updateWish({
        id: wish.id,
        targetPrice: body.target_price ?? null,
        quantity: body.quantity,
        memo: body.memo ? body.memo : null,
        isNotificationEnabled: body.is_notification_enabled,
      });
    } catch (failure) {
      if (failure instanceof MutationFailure && failure.issues.length) return setErrors(errorsOf(failure.issues));
      return setErrors({ form: failureMessage(failure, t.failed) });
    }
    toast.show(t.saved, 'success');
    onClose();
  };

  const field = (name: Field) => ({
    id: ids[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  });
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p className="field__error" id={`${ids[name]}-error`} role="alert">
        {errors[name]}
      </p>
    ) : null;
  const change = (set: (value: string) => void, name: Field) => (value: string) => {
    set(value);
    setErrors((current) => ({ ...current, [name]: undefined, form: undefined }));
  };

  return (
    <ModalDialog open onClose={onClose} className="modal wish-edit" labelledBy={titleId}>
      <form className="modal__body wish-edit__form" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} className="modal__title">
          {itemTexts.editWish(wish.item.name)}
        </h2>
        <div className="field">
          <label htmlFor={ids.target_price} className="field__label">
            {t.targetPrice}
          </label>
          <input
            {...field('target_price')}
            className="field__input"
            inputMode="numeric"
            placeholder={t.targetPriceHint}
            value={targetPrice}
            onChange={(event) => change(setTargetPrice, 'target_price')(event.target.value)}
          />
          {fieldError('target_price')}
        </div>
        <div className="field">
          <label htmlFor={ids.quantity} className="field__label">
            {t.quantity}
          </label>
          <input
            {...field('quantity')}
            className="field__input"
            inputMode="numeric"
            value={quantity}
            onChange={(event) => change(setQuantity, 'quantity')(event.target.value)}
          />
          {fieldError('quantity')}
        </div>
        <div className="field">
          <label htmlFor={ids.memo} className="field__label">
            {t.memo}
          </label>
          <textarea
            {...field('memo')}
            aria-describedby={[field('memo')['aria-describedby'], `${ids.memo}-counter`].filter(Boolean).join(' ')}
            className="field__input"
            rows={3}
            value={memo}
            onChange={(event) => {
              const value = event.target.value;
              change(setMemo, 'memo')(value);
              // Nothing typed or pasted is cut: a memo over the limit stays, marked, until it is shortened.
              if (characterCount(value.trim()) > WISH_MEMO_MAX) setErrors((current) => ({ ...current, memo: itemTexts.memoMax(WISH_MEMO_MAX) }));
            }}
          />
          <LengthCounter id={`${ids.memo}-counter`} text={memo} max={WISH_MEMO_MAX} />
          {fieldError('memo')}
        </div>
        <label className="wish-edit__notify">
          <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} />
          {t.notification}
        </label>
        <FormError error={errors.form ?? null} />
        <ModalActions cancel={uiTexts.cancel} onCancel={onClose} action={saving ? t.saving : t.save} disabled={saving} />
      </form>
    </ModalDialog>
  );
}
