import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { BUSINESS_AREAS, CONSULTANT_AVAILABILITY, EMPLOYEE_BANDS, ENGAGEMENT_TYPES } from "~db/enums";
import { Field } from "~/components/ui/field";
import { FieldErrors } from "~/components/ui/field-errors";
import { FormAlert } from "~/components/ui/form-alert";
import {
  AboutSectionSchema,
  BackgroundSectionSchema,
  CONSULTANT_AVAILABILITY_LABELS,
  consultantPhotoPath,
  ExpertiseSectionSchema,
  LIMITS,
  PROFILE_FIELD_LABELS,
  RATE_UNIT_LABELS,
  RATE_UNITS,
  RateSectionSchema,
  TIME_ZONES,
  type ProfileDraftFields,
} from "~/lib/consultants/profile";
import { PUBLIC_PROFILE_TEXTS } from "~/lib/consultants/public-profile";
import { ENGAGEMENT_TYPE_LABELS } from "~/lib/matching/match-console-schemas";
import { employeeBandLabel } from "~/lib/matching/candidacy-state";
import { categoryLabel } from "~/lib/shared/format";
import { usePosting } from "~/components/ui/pending-post";
import { FieldsetField } from "~/components/ui/fieldset-field";

export type SectionReply = {
  intent: string;
  ok: boolean;
  msg?: string;
  result?: SubmissionResult<string[]>;
};

export type Sector = { code: string; title: string; subsectors: { code: string; title: string }[] };

type SectionProps = {
  fields: ProfileDraftFields;
  reply: SectionReply | undefined;
  locked: boolean;
};

/** The answer of the last post, when it was this section's. */
const replyFor = (reply: SectionReply | undefined, intent: string) => (reply?.intent === intent ? reply : undefined);

function SavedNote({ reply }: { reply: SectionReply | undefined }) {
  if (!reply?.ok || !reply.msg) return null;
  return (
    <p className="profile-saved" role="status">
      {reply.msg}
    </p>
  );
}

function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card profile-section" aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function useSectionForm(intent: string, reply: SectionReply | undefined, schema: z.ZodType | null) {
  const mine = replyFor(reply, intent);
  return useForm({
    id: `profile-${intent}-form`,
    lastResult: mine?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: schema ? ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) : undefined,
  });
}

function SaveButton({ intent, locked, label = "Save" }: { intent: string; locked: boolean; label?: string }) {
  const saving = usePosting(intent);
  return (
    <div className="settings-actions">
      <button type="submit" className="button button-primary" disabled={locked || saving}>
        {saving ? "Saving…" : label}
      </button>
    </div>
  );
}

function TextField({
  name,
  label,
  defaultValue,
  errors,
  errorId,
  multiline,
  maxLength,
  type = "text",
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string | number | null | undefined;
  errors: string[] | undefined;
  errorId: string;
  multiline?: boolean;
  maxLength?: number;
  type?: string;
  hint?: string;
}) {
  const common = { name, defaultValue: defaultValue ?? "", className: "input", maxLength };
  // The hint stays under the field while its errors show.
  return (
    <Field
      id={`profile-field-${name}`}
      label={label}
      hint={hint}
      hintWithErrors="shown"
      errors={errors}
      errorId={errorId}
    >
      {(control) =>
        multiline ? <textarea {...common} {...control} rows={5} /> : <input {...common} {...control} type={type} />
      }
    </Field>
  );
}

function CheckboxGroup({
  name,
  legend,
  options,
  chosen,
  errors,
  errorId,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  chosen: readonly string[] | undefined;
  errors: string[] | undefined;
  errorId: string;
}) {
  return (
    <FieldsetField className="profile-choices" legend={legend} errors={errors} errorId={errorId}>
      <div className="settings-options">
        {options.map((option) => {
          const id = `profile-${name}-${option.value}`;
          return (
            <label key={option.value} className="settings-option" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={chosen?.includes(option.value)}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </FieldsetField>
  );
}

export function PhotoSection({
  userId,
  hasPhoto,
  reply,
  locked,
}: {
  userId: string;
  hasPhoto: boolean;
  reply: SectionReply | undefined;
  locked: boolean;
}) {
  const mine = replyFor(reply, "photo");
  const error = mine && !mine.ok ? mine.msg : undefined;
  return (
    <SectionCard id="profile-photo" title="Photo">
      {hasPhoto ? (
        <img
          className="profile-photo"
          src={consultantPhotoPath(userId, "draft")}
          alt="Your photo"
          width={120}
          height={120}
        />
      ) : (
        <p className="field-hint">Businesses see your photo beside your profile.</p>
      )}
      <Form method="post" encType="multipart/form-data" className="stack" replace>
        <fieldset disabled={locked} className="profile-fieldset">
          <input type="hidden" name="intent" value="photo" />
          <Field
            id="profile-photo-file"
            label="Choose a photo (.png or .jpg, at most 2 MB)"
            errors={error ? [error] : undefined}
            errorId="profile-photo-error"
          >
            {(control) => (
              <input {...control} type="file" name="photo" accept=".png,.jpg,.jpeg,image/png,image/jpeg" required />
            )}
          </Field>
          <SaveButton intent="photo" locked={locked} label="Upload photo" />
        </fieldset>
      </Form>
      <SavedNote reply={mine} />
    </SectionCard>
  );
}

export function AboutSection({ fields, reply, locked }: SectionProps) {
  const [form, f] = useSectionForm("about", reply, AboutSectionSchema);
  return (
    <SectionCard id="profile-about" title="About you">
      <Form method="post" {...getFormProps(form)} className="stack">
        <fieldset disabled={locked} className="profile-fieldset">
          <input type="hidden" name="intent" value="about" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField
            name="headline"
            label={PROFILE_FIELD_LABELS.headline}
            defaultValue={fields.headline}
            errors={f.headline.errors}
            errorId={f.headline.errorId}
            maxLength={LIMITS.headline}
          />
          <TextField
            name="bio"
            label={PROFILE_FIELD_LABELS.bio}
            defaultValue={fields.bio}
            errors={f.bio.errors}
            errorId={f.bio.errorId}
            multiline
            maxLength={LIMITS.bio}
          />
          <TextField
            name="missionStatement"
            label={PROFILE_FIELD_LABELS.missionStatement}
            defaultValue={fields.missionStatement}
            errors={f.missionStatement.errors}
            errorId={f.missionStatement.errorId}
            multiline
            maxLength={LIMITS.missionStatement}
          />
          <SaveButton intent="about" locked={locked} />
        </fieldset>
      </Form>
      <SavedNote reply={replyFor(reply, "about")} />
    </SectionCard>
  );
}

export function BackgroundSection({ fields, reply, locked }: SectionProps) {
  const [form, f] = useSectionForm("background", reply, BackgroundSectionSchema);
  return (
    <SectionCard id="profile-background" title="Background">
      <Form method="post" {...getFormProps(form)} className="stack">
        <fieldset disabled={locked} className="profile-fieldset">
          <input type="hidden" name="intent" value="background" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <TextField
            name="education"
            label={PROFILE_FIELD_LABELS.education}
            defaultValue={fields.education}
            errors={f.education.errors}
            errorId={f.education.errorId}
            maxLength={LIMITS.education}
          />
          <TextField
            name="yearsOfExperience"
            label={PROFILE_FIELD_LABELS.yearsOfExperience}
            defaultValue={fields.yearsOfExperience}
            errors={f.yearsOfExperience.errors}
            errorId={f.yearsOfExperience.errorId}
            type="number"
          />
          <TextField
            name="location"
            label={PROFILE_FIELD_LABELS.location}
            defaultValue={fields.location}
            errors={f.location.errors}
            errorId={f.location.errorId}
            maxLength={LIMITS.location}
            hint="City and state, e.g. Denver, CO."
          />
          <TextField
            name="linkedinUrl"
            label={`${PROFILE_FIELD_LABELS.linkedinUrl} (optional)`}
            defaultValue={fields.linkedinUrl}
            errors={f.linkedinUrl.errors}
            errorId={f.linkedinUrl.errorId}
            type="url"
            maxLength={LIMITS.linkedinUrl}
          />
          <SaveButton intent="background" locked={locked} />
        </fieldset>
      </Form>
      <SavedNote reply={replyFor(reply, "background")} />
    </SectionCard>
  );
}

export function ExpertiseSection({ fields, reply, locked, sectors }: SectionProps & { sectors: readonly Sector[] }) {
  const [form, f] = useSectionForm("expertise", reply, ExpertiseSectionSchema);
  const industries = fields.industries ?? [];
  const codes = fields.industryCodes ?? [];
  return (
    <SectionCard id="profile-expertise" title="Expertise">
      <Form method="post" {...getFormProps(form)} className="stack">
        <fieldset disabled={locked} className="profile-fieldset">
          <input type="hidden" name="intent" value="expertise" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <CheckboxGroup
            name="businessAreas"
            legend={PROFILE_FIELD_LABELS.businessAreas}
            options={BUSINESS_AREAS.map((value) => ({ value, label: categoryLabel(value) }))}
            chosen={fields.businessAreas}
            errors={f.businessAreas.errors}
            errorId={f.businessAreas.errorId}
          />
          <CheckboxGroup
            name="engagementTypes"
            legend={PROFILE_FIELD_LABELS.engagementTypes}
            options={ENGAGEMENT_TYPES.map((value) => ({ value, label: ENGAGEMENT_TYPE_LABELS[value] }))}
            chosen={fields.engagementTypes}
            errors={f.engagementTypes.errors}
            errorId={f.engagementTypes.errorId}
          />
          <CheckboxGroup
            name="companySizes"
            legend={PROFILE_FIELD_LABELS.companySizes}
            options={EMPLOYEE_BANDS.map((value) => ({ value, label: employeeBandLabel(value) }))}
            chosen={fields.companySizes}
            errors={f.companySizes.errors}
            errorId={f.companySizes.errorId}
          />
          <FieldsetField
            className="profile-choices"
            legend={PROFILE_FIELD_LABELS.industries}
            hint="Choose the sectors you know; open one to pick its specialties."
            hintId="profile-industries-hint"
            hintWithErrors="shown"
            errors={f.industries.errors}
            errorId={f.industries.errorId}
            describedBy={f.industryCodes.errors?.length ? f.industryCodes.errorId : undefined}
            after={<FieldErrors id={f.industryCodes.errorId} errors={f.industryCodes.errors} />}
          >
            <ul className="profile-sectors">
              {sectors.map((sector) => {
                const id = `profile-industry-${sector.code}`;
                return (
                  <li key={sector.code}>
                    <label className="settings-option" htmlFor={id}>
                      <input
                        id={id}
                        type="checkbox"
                        name="industries"
                        value={sector.code}
                        defaultChecked={(industries as string[]).includes(sector.code)}
                      />
                      <span>{sector.title}</span>
                    </label>
                    {sector.subsectors.length > 0 ? (
                      <details
                        className="profile-subsectors"
                        open={sector.subsectors.some((sub) => codes.includes(sub.code))}
                      >
                        <summary>Specialties in {sector.title}</summary>
                        {sector.subsectors.map((sub) => {
                          const subId = `profile-industry-code-${sub.code}`;
                          return (
                            <label key={sub.code} className="settings-option" htmlFor={subId}>
                              <input
                                id={subId}
                                type="checkbox"
                                name="industryCodes"
                                value={sub.code}
                                defaultChecked={codes.includes(sub.code)}
                              />
                              <span>{sub.title}</span>
                            </label>
                          );
                        })}
                      </details>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </FieldsetField>
          <SaveButton intent="expertise" locked={locked} />
        </fieldset>
      </Form>
      <SavedNote reply={replyFor(reply, "expertise")} />
    </SectionCard>
  );
}

export function RateSection({ fields, reply, locked }: SectionProps) {
  const [form, f] = useSectionForm("rate", reply, RateSectionSchema);
  const dollars = fields.rateCents ? String(fields.rateCents / 100) : "";
  return (
    <SectionCard id="profile-rate" title="Rate">
      <Form method="post" {...getFormProps(form)} className="stack">
        <fieldset disabled={locked} className="profile-fieldset">
          <input type="hidden" name="intent" value="rate" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <FieldsetField
            className="profile-choices"
            legend="How you quote"
            errors={f.rateUnit.errors}
            errorId={f.rateUnit.errorId}
          >
            <div className="settings-options">
              {RATE_UNITS.map((unit) => (
                <label key={unit} className="settings-option" htmlFor={`profile-rate-unit-${unit}`}>
                  <input
                    id={`profile-rate-unit-${unit}`}
                    type="radio"
                    name="rateUnit"
                    value={unit}
                    defaultChecked={fields.rateUnit === unit}
                  />
                  <span>{RATE_UNIT_LABELS[unit]}</span>
                </label>
              ))}
            </div>
          </FieldsetField>
          <TextField
            name="rate"
            label="Rate in US dollars"
            defaultValue={dollars}
            errors={f.rate.errors}
            errorId={f.rate.errorId}
            hint="Per hour or per day, as chosen above, e.g. 150."
          />
          <SaveButton intent="rate" locked={locked} />
        </fieldset>
      </Form>
      <SavedNote reply={replyFor(reply, "rate")} />
    </SectionCard>
  );
}

export function AvailabilitySection({ fields, reply, locked }: SectionProps) {
  // The server checks the away-until date against its own today; the browser's may differ by a day.
  const [form, f] = useSectionForm("availability", reply, null);
  return (
    <SectionCard id="profile-availability" title="Availability">
      <Form method="post" {...getFormProps(form)} className="stack">
        <fieldset disabled={locked} className="profile-fieldset">
          <input type="hidden" name="intent" value="availability" />
          <FormAlert id={form.errorId} errors={form.errors} />
          <Field
            id="profile-availability-select"
            label={PROFILE_FIELD_LABELS.availability}
            errors={f.availability.errors}
            errorId={f.availability.errorId}
          >
            {(control) => (
              <select {...control} name="availability" className="input" defaultValue={fields.availability ?? ""}>
                <option value="" disabled>
                  Choose…
                </option>
                {CONSULTANT_AVAILABILITY.map((value) => (
                  <option key={value} value={value}>
                    {CONSULTANT_AVAILABILITY_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            name="hoursPerWeek"
            label={PROFILE_FIELD_LABELS.hoursPerWeek}
            defaultValue={fields.hoursPerWeek}
            errors={f.hoursPerWeek.errors}
            errorId={f.hoursPerWeek.errorId}
            type="number"
          />
          <TextField
            name="awayUntil"
            label={`${PROFILE_FIELD_LABELS.awayUntil} (optional)`}
            defaultValue={fields.awayUntil}
            errors={f.awayUntil.errors}
            errorId={f.awayUntil.errorId}
            type="date"
            hint="We don't propose you for new work before this date."
          />
          <Field
            id="profile-time-zone"
            label={PROFILE_FIELD_LABELS.timeZone}
            errors={f.timeZone.errors}
            errorId={f.timeZone.errorId}
          >
            {(control) => (
              <select {...control} name="timeZone" className="input" defaultValue={fields.timeZone ?? ""}>
                <option value="" disabled>
                  Choose…
                </option>
                {TIME_ZONES.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <SaveButton intent="availability" locked={locked} />
        </fieldset>
      </Form>
      <SavedNote reply={replyFor(reply, "availability")} />
    </SectionCard>
  );
}

/**
 * Whether the published profile is shown on the public pages (/consultants): the consultant's
 * choice, possible once vetted; the link to the page while it is shown.
 */
export function PublicListingSection({
  listing,
  publicPath,
  reply,
}: {
  listing: { chosen: boolean; shown: boolean; blocked: string | null; canChoose: boolean };
  publicPath: string;
  reply: SectionReply | undefined;
}) {
  const mine = replyFor(reply, "listing");
  const posting = usePosting("listing");
  const show = !listing.chosen;
  return (
    <SectionCard id="profile-listing" title={PUBLIC_PROFILE_TEXTS.listingTitle}>
      <p className="field-hint">{PUBLIC_PROFILE_TEXTS.listingLead}</p>
      <p className="profile-listing-state">
        <strong>{listing.shown ? PUBLIC_PROFILE_TEXTS.listed : PUBLIC_PROFILE_TEXTS.notListed}</strong>
        {listing.shown ? (
          <>
            {" "}
            <a href={publicPath}>{PUBLIC_PROFILE_TEXTS.viewPublic}</a>
          </>
        ) : null}
      </p>
      {listing.blocked ? <p className="field-hint">{listing.blocked}</p> : null}
      {listing.canChoose ? (
        <Form method="post" className="settings-actions">
          <input type="hidden" name="intent" value="listing" />
          <button
            type="submit"
            name="show"
            value={show ? "yes" : "no"}
            className={show ? "button button-primary" : "button button-secondary"}
            disabled={posting}
          >
            {show ? PUBLIC_PROFILE_TEXTS.list : PUBLIC_PROFILE_TEXTS.unlist}
          </button>
        </Form>
      ) : null}
      {mine && !mine.ok && mine.msg ? (
        <p className="form-error" role="alert">
          {mine.msg}
        </p>
      ) : (
        <SavedNote reply={mine} />
      )}
    </SectionCard>
  );
}
