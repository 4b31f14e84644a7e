import './client-programs.css';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgramTab } from '@hep/shared/domain/program-classification';
import type { TProgram } from '@hep/shared/schemas/programs';
import { LoadingText } from '../../../../components/ui/loading-text';
import { useClientPrograms } from '../../api/get-client-programs';
import { useDialogTarget } from '../../hooks/use-dialog-target';
import { programsByTab } from '../../utils/program-filters';
import { todayIso } from '../../../../lib/calendar-date';
import { DeleteProgramDialog } from '../delete-program-dialog';
import { PastPrograms } from './past-programs';
import type { TProgramCardActions } from './program-card-actions';
import { ProgramCards } from './program-cards';
import { ProgramSummaryModal } from './program-summary-modal';

interface ClientProgramsProps {
  clientId: string;
  /** Card menu actions whose dialogs the page renders (Save as template, Copy to another client). */
  moreActions?: Pick<TProgramCardActions, 'onSaveAsTemplate' | 'onCopyToClient'>;
}

/** The Active and Past tabs of the client page, with the card menu's summary and delete dialogs. */
export function ClientPrograms({ clientId, moreActions }: ClientProgramsProps) {
  const programs = useClientPrograms(clientId);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TProgramTab = searchParams.get('tab') === 'past' ? 'past' : 'active';
  const summary = useDialogTarget<TProgram>();
  const deletion = useDialogTarget<TProgram>();
  const { t } = useLingui();

  const today = todayIso();
  const tabs = useMemo(() => programsByTab(programs.data ?? [], today), [programs.data, today]);

  if (programs.isPending) return <LoadingText />;
  if (programs.isError)
    return (
      <Alert variant="danger">
        <Trans>Failed to fetch client details</Trans>
      </Alert>
    );

  const cardActions = { ...moreActions, clientId, onSummary: summary.show, onDelete: deletion.show };
  return (
    <>
      <Tabs
        id="client-program-tabs"
        activeKey={tab}
        onSelect={(key) =>
          setSearchParams(key === 'past' ? { tab: 'past' } : {}, { replace: true, preventScrollReset: true })
        }
        className="client-tabs mb-3"
        fill
      >
        <Tab eventKey="active" title={t({ message: 'Active', comment: 'tab: the programs running now' })}>
          <ProgramCards programs={tabs.active} {...cardActions} />
        </Tab>
        <Tab eventKey="past" title={t({ message: 'Past', comment: 'tab: the programs that have ended' })}>
          <PastPrograms programs={tabs.past} {...cardActions} />
        </Tab>
      </Tabs>
      <ProgramSummaryModal program={summary.target} show={summary.open} onHide={summary.hide} />
      <DeleteProgramDialog program={deletion.target} show={deletion.open} onHide={deletion.hide} />
    </>
  );
}
