import type { Report } from '@listloop/domain';
import { Anchor, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useSignedInSession } from '../../../lib/session';
import { fileSize } from '../report-text';
import { formatNames, reportsMessages as m, statusNames } from '../reports.messages';

const STATUS_COLORS: Record<Report['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};

/** The person's reports still kept, newest first, each finished one downloadable. */
export function RecentReports({ reports }: { reports: readonly Report[] }) {
  const intl = useIntl();
  const { timeZone } = useSignedInSession().account;
  if (reports.length === 0) return null;
  const when = (at: string) =>
    intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short', timeZone });

  return (
    <section aria-labelledby="reports-recent-title">
      <Text id="reports-recent-title" fw={600} fz="sm" mb="xs">
        {intl.formatMessage(m.recentTitle)}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={6} fz="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(m.recentWhen)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.recentFile)}</Table.Th>
              <Table.Th ta="right">{intl.formatMessage(m.recentRows)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.recentState)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reports.map((report) => {
              const format = intl.formatMessage(formatNames[report.format]);
              return (
                <Table.Tr key={report.reportId}>
                  <Table.Td>{when(report.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="sm" span>
                        {report.status === 'done'
                          ? `${format} · ${fileSize(intl.formatNumber, report.fileSize ?? 0)}`
                          : format}
                      </Text>
                      {report.downloadPath && (
                        <Anchor
                          href={report.downloadPath}
                          download={report.fileName ?? true}
                          fz="sm"
                          underline="always"
                        >
                          {intl.formatMessage(m.recentDownloadOne, {
                            format,
                            when: when(report.createdAt),
                            hidden: (chunks) => <VisuallyHidden>{chunks}</VisuallyHidden>,
                          })}
                        </Anchor>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    {report.rowsTotal === null
                      ? '—'
                      : intl.formatNumber(
                          report.status === 'done' ? report.rowsDone : report.rowsTotal,
                        )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[report.status]}>
                      {intl.formatMessage(statusNames[report.status])}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
