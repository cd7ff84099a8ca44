import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, FileInput, Group, Loader, Select, SimpleGrid, Stack, Stepper, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Lead } from '../../../../../contract/lead';
import { ButtonLink } from '../../../../components/links';
import { UnsavedChangesGuard } from '../../../../components/unsaved-changes-guard';
import { createLead } from '../../api/create-lead';
import { leadKeys } from '../../api/keys';
import { applyMapping, guessMapping, mappingProblems, parseCsv, type ColumnMapping, type ParsedCsv } from '../../lib/csv-mapping';
import { failedRowsCsv, failedRowsFileName, notImportedRows } from '../../lib/failed-rows';
import { runImport, type ImportProgress, type ImportResult } from '../../lib/importer';
import { countryOptions, isCountryCode, type CountryCode } from '../../lib/phone';
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

function download(name: string, text: string) {
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
      setFileError(`This file is ${(f.size / 1e6).toFixed(1)} MB; split it into files under ${MAX_FILE_BYTES / 1e6} MB.`);
      return;
    }
    setReading(true);
    try {
      const csv = parseCsv(await f.text());
      if (csv.headers.length === 0 || csv.rows.length === 0) {
        setFileError('This file has no rows under its header line. The first line must name the columns.');
        setFile(null);
        return;
      }
      setFile({ name: f.name, csv });
      setMapping(guessMapping(csv.headers));
    } catch (e) {
      setFileError(`The file could not be read: ${e instanceof Error ? e.message : String(e)}`);
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
        <Stepper.Step label="File" description={compact ? undefined : 'Pick a CSV file'} />
        <Stepper.Step label="Check" description={compact ? undefined : 'Map columns, preview'} />
        <Stepper.Step label="Import" description={compact ? undefined : 'Row by row'} />
      </Stepper>

      {phase.kind === 'setup' ? (
        <>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="xs">
              File
            </Title>
            <FileInput
              label="CSV file"
              description="The first line names the columns. Comma, semicolon or tab separated; UTF-8."
              placeholder="Choose a .csv file"
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
                <b>{file.name}</b>: {file.csv.rows.length} row{file.csv.rows.length === 1 ? '' : 's'}, {file.csv.headers.length} column
                {file.csv.headers.length === 1 ? '' : 's'}
                {file.csv.blankLines > 0 ? `; ${file.csv.blankLines} blank line${file.csv.blankLines === 1 ? '' : 's'} left out` : ''}.
              </Text>
            ) : null}
            {file && file.csv.errors.length > 0 ? (
              <Alert color="orange" variant="light" mt="sm" title="The file has formatting problems">
                {file.csv.errors.slice(0, 5).join(' ')}
                {file.csv.errors.length > 5 ? ` (and ${file.csv.errors.length - 5} more)` : ''} Check the preview carefully.
              </Alert>
            ) : null}
          </Card>

          {file ? (
            <>
              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="xs">
                  Where the leads go
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <Select<number>
                    label="Campaign"
                    required
                    data={campaigns}
                    value={campaignId}
                    onChange={setCampaignId}
                    placeholder={campaignsLoading ? 'Loading campaigns…' : 'Choose a campaign'}
                    searchable
                    allowDeselect={false}
                  />
                  <Select
                    label="Default country"
                    description="For numbers without +country code"
                    data={countries}
                    value={country}
                    onChange={(v) => isCountryCode(v) && setCountry(v)}
                    searchable
                    allowDeselect={false}
                  />
                  <Switch
                    mt={{ base: 0, sm: 30 }}
                    label="Allow duplicates in this campaign"
                    checked={allowDuplicates}
                    onChange={(e) => setAllowDuplicates(e.currentTarget.checked)}
                  />
                </SimpleGrid>
              </Card>

              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="xs">
                  Columns
                </Title>
                <Text size="sm" c="dimmed" mb="sm">
                  Choose what each column holds. Columns used as variables are stored on the lead under their name; empty cells are left out.
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
                  Preview
                </Title>
                {campaignId === null ? (
                  <Text size="sm" c="dimmed">
                    Choose a campaign to check the rows against its leads.
                  </Text>
                ) : leadsError ? (
                  <Alert color="red" variant="light" title="Could not load the campaign's leads">
                    Without them, numbers already in the campaign cannot be found.{' '}
                    <Button size="compact-sm" variant="white" onClick={onRetryLeads}>
                      Retry
                    </Button>
                  </Alert>
                ) : leads === undefined ? (
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm">Loading the campaign’s leads to find duplicates…</Text>
                  </Group>
                ) : checked && summary ? (
                  <>
                    <Text size="sm" c="dimmed" mb="sm">
                      Checked against the {existingNumbers.size} lead{existingNumbers.size === 1 ? '' : 's'} already in “{campaign?.label}”. Rows that
                      fail are not sent; they are listed in the summary and its download.
                    </Text>
                    <ImportPreview key={`${campaignId}-${country}-${allowDuplicates}`} rows={checked} summary={summary} compact={compact} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Fix the column choices above to see the preview.
                  </Text>
                )}
              </Card>

              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={reset}>
                  Choose another file
                </Button>
                <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!canImport} onClick={() => void start()}>
                  {summary ? `Import ${summary.ready} lead${summary.ready === 1 ? '' : 's'}` : 'Import'}
                </Button>
              </Group>
            </>
          ) : null}
        </>
      ) : null}

      {phase.kind === 'running' ? (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Importing into “{campaign?.label}”
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
            Import finished
          </Title>
          <ImportSummary
            result={phase.result}
            notImported={notImportedRows(phase.rows, phase.result.outcomes)}
            campaignName={campaign?.label ?? ''}
            compact={compact}
            onDownload={() => download(failedRowsFileName(file.name), failedRowsCsv(file.csv.headers, notImportedRows(phase.rows, phase.result.outcomes)))}
            actions={
              <>
                <ButtonLink to="/leads" search={{ campaign: campaignId ?? undefined }}>
                  See the campaign’s leads
                </ButtonLink>
                <Button variant="default" onClick={reset}>
                  Import another file
                </Button>
              </>
            }
          />
        </Card>
      ) : null}
    </Stack>
  );
}
