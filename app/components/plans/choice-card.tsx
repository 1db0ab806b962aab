/**
 * The radio cards of the plan choosers (the claim wizard's plan step and /company/upgrade): a
 * radio with its visible name, and the billing period's pair of cards; and a plan's feature line.
 */
import type { LucideIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { FieldError } from "~/components/ui/form";
import { PREMIUM_PRICE, PREMIUM_YEARLY_SAVING } from "~/modules/claims/constants";

/**
 * A radio and its name, the top line of a choice card. With `id` the name labels the radio and
 * `describedBy` describes it; without, the whole card (the surrounding label) names it.
 */
export function RadioHeading({
  name,
  value,
  defaultChecked,
  id,
  describedBy,
  className = "flex items-center gap-2",
  titleClassName,
  title,
  children,
}: {
  name: string;
  value: string;
  defaultChecked: boolean;
  id?: string;
  describedBy?: string;
  className?: string;
  titleClassName: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <span className={className}>
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="size-4 accent-brand-600"
        aria-labelledby={id}
        aria-describedby={describedBy}
      />
      <span id={id} className={titleClassName}>
        {title}
      </span>
      {children}
    </span>
  );
}

const PERIOD_CHOICES = [
  { value: "monthly", title: "Monthly", price: PREMIUM_PRICE.monthly, per: "a month", saving: null },
  {
    value: "yearly",
    title: "Yearly",
    price: PREMIUM_PRICE.yearly,
    per: "a year",
    saving: PREMIUM_YEARLY_SAVING,
  },
] as const;

/**
 * Monthly or yearly, as two cards (monthly unless `period` is "yearly"). `withIds` names each
 * radio by its title and describes it by its price (and the yearly saving); `pricePrefix` goes
 * before each price.
 */
export function PeriodFieldset({
  period,
  error,
  cardClassName,
  withIds = false,
  pricePrefix = "",
}: {
  period: string;
  error: string | undefined;
  cardClassName: string;
  withIds?: boolean;
  pricePrefix?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Billing period</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {PERIOD_CHOICES.map((choice) => {
          const ids = {
            title: `period-${choice.value}`,
            price: `period-${choice.value}-price`,
            saving: `period-${choice.value}-saving`,
          };
          return (
            <label key={choice.value} className={cardClassName}>
              <RadioHeading
                name="period"
                value={choice.value}
                defaultChecked={choice.value === "yearly" ? period === "yearly" : period !== "yearly"}
                id={withIds ? ids.title : undefined}
                describedBy={
                  withIds
                    ? [choice.saving ? ids.saving : null, ids.price].filter(Boolean).join(" ")
                    : undefined
                }
                className={choice.saving ? "flex flex-wrap items-center gap-2" : undefined}
                titleClassName="font-semibold text-slate-900"
                title={choice.title}
              >
                {choice.saving ? (
                  <Badge id={withIds ? ids.saving : undefined} tone="green">
                    {choice.saving}
                  </Badge>
                ) : null}
              </RadioHeading>
              <span id={withIds ? ids.price : undefined} className="mt-1 text-sm text-slate-600">
                {pricePrefix}
                {choice.price} {choice.per}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError errors={error} />
    </fieldset>
  );
}

/** One of a plan's features, after a tick (`icon`, coloured by `iconClassName`). */
export function PlanFeature({
  icon: Icon,
  iconClassName,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex gap-2">
      <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${iconClassName}`} />
      <span>{children}</span>
    </li>
  );
}
