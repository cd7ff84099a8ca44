import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, FileInput, Group, Loader, Select, SimpleGrid, Stack, Stepper, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@contract/lead';
import { m } from '@/i18n';
import { formatNumber } from '@/i18n/format';
import { ButtonLink } from '@/components/links';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { downloadCsv } from '@/lib/download-csv';
import { createLead } from '../../api/create-lead';
import { leadKeys } from '@/api/query-keys';
import { applyMapping, guessMapping, mappingProblems, parseCsv, type ColumnMapping, type ParsedCsv } from '../../lib/csv-mapping';
import { failedRowsCsv, failedRowsFileName, notImportedRows } from '../../lib/failed-rows';
import { runImport, type ImportProgress, type ImportResult } from '../../lib/importer';
import { countryOptions, isCountryCode, type CountryCode } from '@/lib/phone';
import { summarizeValidation, validateRows, type CheckedRow } from '../../lib/row-validation';
import type { CampaignOption } from '../lead-filters';
import { ColumnMappingTable } from './column-mapping';
import { ImportPreview } from './import-preview';
import { ImportProgressView, ImportSummary } from './import-run';

export interface ImportLeadsProps {
  campaigns: CampaignOption[];
  campaignsLoading: boolean;
  /** Every lead of the user, to find numbers the campaign already holds; undefined while loading. */
  leads: Lead[] | undefined;
  leadsError: unknown;
  onRetryLeads: () => void;
  defaultCountry: CountryCode;
  initialCampaignId: number | null;
}

interface LoadedFile {
  name: string;
  csv: ParsedCsv;
}

type Phase = { kind: 'setup' } | { kind: 'running'; rows: CheckedRow[]; progress: ImportProgress } | { kind: 'done'; rows: CheckedRow[]; result: ImportResult };

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Import leads from a CSV file: pick it, map its columns, choose the campaign and the country for numbers
 * without a prefix; the preview marks every row that would fail before anything is sent. The import then
 * sends row by row (rate limit respected), can be cancelled, and ends with a summary and the rows that
 * were not imported as a CSV.
 */
export function ImportLeads({ campaigns, campaignsLoading, leads, leadsError, onRetryLeads, defaultCountry, initialCampaignId }: ImportLeadsProps) {
  const queryClient = useQueryClient();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping[]>([]);
  const [campaignId, setCampaignId] = useState<number | null>(initialCampaignId);
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [allowDuplicates, setAllowDuplicates] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [stopping, setStopping] = useState(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page (after the guard's question) stops the import before its next row.
  useEffect(() => () => controller.current?.abort(), []);

  const countries = useMemo(() => countryOptions().map((o) => ({ value: o.value as string, label: o.label })), []);
  const campaign = campaigns.find((c) => c.value === campaignId);

  const existingNumbers = useMemo(() => {
    const set = new Set<string>();
    for (const l of leads ?? []) if ((l.campaign_id ?? l.campaign?.id) === campaignId && l.phone_number) set.add(l.phone_number);
    return set;
  }, [leads, campaignId]);

  const campaignLabel = campaign?.label;
  // A string of its own for the messages (a template literal, so the compiler knows nothing can change it).
  const campaignText = `${campaignLabel ?? ''}`;
  const problems = useMemo(() => (file ? mappingProblems(mapping, file.csv.headers) : []), [file, mapping]);
  const checked = useMemo(() => {
    if (!file || problems.length > 0) return null;
    return validateRows(applyMapping(file.csv, mapping), { defaultCountry: country, existingNumbers, campaignName: campaignLabel, allowDuplicates });
  }, [file, mapping, problems, country, existingNumbers, campaignLabel, allowDuplicates]);
  const summary = checked ? summarizeValidation(checked) : null;

  const pick = async (f: File | null) => {
    setFileError(null);
    if (!f) {
      setFile(null);
      return;
    }
    if (f.size > MAX_FILE_BYTES) {
      setFileError(
        m.leads_import_file_too_big({
          size: formatNumber(f.size / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
          max: formatNumber(MAX_FILE_BYTES / 1e6, { maximumFractionDigits: 5 }),
        }),
      );
      return;
    }
    setReading(true);
    try {
      const csv = parseCsv(await f.text());
      if (csv.headers.length === 0 || csv.rows.length === 0) {
        setFileError(m.leads_import_file_no_rows());
        setFile(null);
        return;
      }
      setFile({ name: f.name, csv });
      setMapping(guessMapping(csv.headers));
    } catch (e) {
      setFileError(m.leads_import_file_unreadable({ error: e instanceof Error ? e.message : String(e) }));
    } finally {
      setReading(false);
    }
  };

  const start = async () => {
    if (!checked || campaignId === null || phase.kind === 'running') return;
    const rows = checked;
    const ctrl = new AbortController();
    controller.current = ctrl;
    setStopping(false);
    setPhase({ kind: 'running', rows, progress: { done: 0, total: rows.length, created: 0, skipped: 0, failed: 0, waitingUntil: null, rateLimitWaits: 0 } });
    const result = await runImport(
      rows,
      (row) =>
        createLead({
          phone_number: row.e164!,
          campaign_id: campaignId,
          ...(Object.keys(row.variables).length > 0 && { variables: row.variables }),
          ...(allowDuplicates && { allow_dupplicate: true }),
        }),
      { signal: ctrl.signal, onProgress: (progress) => setPhase((p) => (p.kind === 'running' ? { ...p, progress } : p)) },
    );
    controller.current = null;
    setPhase({ kind: 'done', rows, result });
    void queryClient.invalidateQueries({ queryKey: leadKeys.all });
  };

  const reset = () => {
    setFile(null);
    setMapping([]);
    setPhase({ kind: 'setup' });
  };

  const step = phase.kind === 'done' ? 3 : phase.kind === 'running' ? 2 : file ? 1 : 0;
  const canImport = !!checked && !!summary && summary.ready > 0 && campaignId !== null && leads !== undefined;

  return (
    <Stack gap="lg">
      <UnsavedChangesGuard when={() => phase.kind === 'running' || (phase.kind === 'setup' && file !== null)} />
      {/* Across even on phones: stacked, the three steps pushed the form below the fold. */}
      <Stepper active={step} size={compact ? 'xs' : 'sm'} allowNextStepsSelect={false}>
        <Stepper.Step label={m.leads_import_step_file()} description={compact ? undefined : m.leads_import_step_file_hint()} />
        <Stepper.Step label={m.leads_import_step_check()} description={compact ? undefined : m.leads_import_step_check_hint()} />
        <Stepper.Step label={m.leads_import_step_import()} description={compact ? undefined : m.leads_import_step_import_hint()} />
      </Stepper>

      {phase.kind === 'setup' ? (
        <>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              {m.leads_import_step_file()}
            </Title>
            <FileInput
              label={m.leads_import_csv_file()}
              description={m.leads_import_csv_file_hint()}
              placeholder={m.leads_import_choose_file()}
              accept=".csv,text/csv,text/plain"
              leftSection={reading ? <Loader size={14} /> : <IconFileSpreadsheet size={16} aria-hidden />}
              value={null}
              onChange={(f) => void pick(f)}
              error={fileError}
              clearable={false}
              maw={480}
              data-testid="csv-file"
            />
            {file ? (
              <Text size="sm" mt="xs" data-testid="file-info">
                <b>{file.name}</b>
                {': '}
                {m.leads_import_file_info({
                  rows: m.leads_import_rows({ count: formatNumber(file.csv.rows.length) }),
                  columns: m.leads_import_columns({ count: formatNumber(file.csv.headers.length) }),
                  blank: file.csv.blankLines > 0 ? m.leads_import_blank_lines({ count: formatNumber(file.csv.blankLines) }) : '',
                })}
              </Text>
            ) : null}
            {file && file.csv.errors.length > 0 ? (
              <Alert color="orange" variant="light" mt="sm" title={m.leads_import_format_problems()}>
                {file.csv.errors.slice(0, 5).join(' ')}
                {file.csv.errors.length > 5 ? ` ${m.leads_import_more_errors({ count: formatNumber(file.csv.errors.length - 5) })}` : ''}{' '}
                {m.leads_import_check_preview()}
              </Alert>
            ) : null}
          </Card>

          {file ? (
            <>
              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="xs">
                  {m.leads_import_where()}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <Select<number>
                    label={m.leads_field_campaign()}
                    required
                    data={campaigns}
                    value={campaignId}
                    onChange={setCampaignId}
                    placeholder={campaignsLoading ? m.leads_form_campaigns_loading() : m.leads_form_choose_campaign()}
                    searchable
                    allowDeselect={false}
                  />
                  <Select
                    label={m.leads_import_default_country()}
                    description={m.leads_import_default_country_hint()}
                    data={countries}
                    value={country}
                    onChange={(v) => isCountryCode(v) && setCountry(v)}
                    searchable
                    allowDeselect={false}
                  />
                  <Switch
                    mt={{ base: 0, sm: 30 }}
                    label={m.leads_import_allow_duplicates()}
                    checked={allowDuplicates}
                    onChange={(e) => setAllowDuplicates(e.currentTarget.checked)}
                  />
                </SimpleGrid>
              </Card>

              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="xs">
                  {m.leads_import_columns_title()}
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  {m.leads_import_columns_hint()}
                </Text>
                <ColumnMappingTable csv={file.csv} mapping={mapping} onChange={setMapping} compact={compact} />
                {problems.length > 0 ? (
                  <Alert color="red" variant="light" mt="sm" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
                    {problems.map((p) => (
                      <Text key={p} size="sm">
                        {p}
                      </Text>
                    ))}
                  </Alert>
                ) : null}
              </Card>

              <Card withBorder padding="lg" data-testid="import-preview">
                <Title order={2} size="h4" mb="xs">
                  {m.leads_import_preview()}
                </Title>
                {campaignId === null ? (
                  <Text size="sm" c="dimmed">
                    {m.leads_import_choose_campaign_first()}
                  </Text>
                ) : leadsError ? (
                  <Alert color="red" variant="light" title={m.leads_import_leads_error()}>
                    {m.leads_import_leads_error_text()}{' '}
                    <Button size="compact-sm" variant="white" onClick={onRetryLeads}>
                      {m.leads_retry()}
                    </Button>
                  </Alert>
                ) : leads === undefined ? (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm">{m.leads_import_loading_leads()}</Text>
                  </Group>
                ) : checked && summary ? (
                  <>
                    <Text size="sm" c="dimmed" mb="sm">
                      {m.leads_import_checked_against({ count: formatNumber(existingNumbers.size), campaign: campaignText })}
                    </Text>
                    <ImportPreview key={`${campaignId}-${country}-${allowDuplicates}`} rows={checked} summary={summary} compact={compact} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {m.leads_import_fix_columns()}
                  </Text>
                )}
              </Card>

              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={reset}>
                  {m.leads_import_choose_another()}
                </Button>
                <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!canImport} onClick={() => void start()}>
                  {summary ? m.leads_import_button_count({ count: formatNumber(summary.ready) }) : m.leads_import_button()}
                </Button>
              </Group>
            </>
          ) : null}
        </>
      ) : null}

      {phase.kind === 'running' ? (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {m.leads_import_importing_into({ campaign: campaignText })}
          </Title>
          <ImportProgressView
            progress={phase.progress}
            stopping={stopping}
            onCancel={() => {
              setStopping(true);
              controller.current?.abort();
            }}
          />
        </Card>
      ) : null}

      {phase.kind === 'done' && file ? (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {m.leads_import_finished()}
          </Title>
          <ImportSummary
            result={phase.result}
            notImported={notImportedRows(phase.rows, phase.result.outcomes)}
            campaignName={campaign?.label ?? ''}
            compact={compact}
            onDownload={() => downloadCsv(failedRowsFileName(file.name), failedRowsCsv(file.csv.headers, notImportedRows(phase.rows, phase.result.outcomes)))}
            actions={
              <>
                <ButtonLink to="/leads" search={{ campaign: campaignId ?? undefined }}>
                  {m.leads_import_see_leads()}
                </ButtonLink>
                <Button variant="default" onClick={reset}>
                  {m.leads_import_another()}
                </Button>
              </>
            }
          />
        </Card>
      ) : null}
    </Stack>
  );
}
