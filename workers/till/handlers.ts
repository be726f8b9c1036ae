// The till domain (fechamento de caixa), one session per device: 'Abrir caixa' with the float, 'Sangria' and
// 'Suprimento' while open, 'Fechar caixa' with the cash counted — the figures then frozen in the session. Every
// step is a write to the owner's fechamentos_caixa, so it works offline and replicates like any other fact.
import { merge, startWith, switchMap, from, type Observable } from 'rxjs';
import type { FechamentosCaixaDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { newId, insertOwned, patchOwned, stampOf } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import {
  closeTillSchema,
  openTillSchema,
  tillMovementSchema,
  type CloseTill,
  type OpenTill,
  type TillMovementInput,
} from './schema.ts';
import { difference, expectedCash, summarize, type TillMovement, type TillSummary } from './summary.ts';

export type { CloseTill, OpenTill, TillMovementInput } from './schema.ts';
export type { PaymentBucket, TillMovement, TillSummary } from './summary.ts';

/** The open session of this device as the till screen shows it, its figures live. */
export interface OpenTillView {
  id: string;
  aberto_em: string;
  troco_inicial: number;
  movimentos: TillMovement[];
  resumo: TillSummary;
  esperado: number;
}

/** A closed session, with the figures frozen when it was closed. */
export interface ClosedTillView {
  id: string;
  aberto_em: string;
  fechado_em: string;
  troco_inicial: number;
  movimentos: TillMovement[];
  resumo: TillSummary;
  esperado: number;
  contado: number;
  diferenca: number;
  observacoes: string | null;
  /** Closed on this device (a till of another of the owner's devices otherwise). */
  esteAparelho: boolean;
}

const EMPTY_SUMMARY: TillSummary = {
  vendas: 0,
  total: 0,
  por_forma: { dinheiro: 0, cartao: 0, pix: 0, outro: 0, fiado: 0 },
  suprimentos: 0,
  sangrias: 0,
};

async function openSessionOf(workspace: Workspace): Promise<FechamentosCaixaDoc | null> {
  const open = await workspace.database.fechamentos_caixa
    .find({ selector: { dispositivo: workspace.device, fechado_em: null } })
    .exec();
  return open[0]?.toJSON() ?? null;
}

async function summaryOf(workspace: Workspace, session: FechamentosCaixaDoc): Promise<TillSummary> {
  const sales = await workspace.database.vendas.find({ selector: { hlc: { $gt: session.abertura_hlc } } }).exec();
  return summarize(session, sales);
}

/** Recomputes on every change to sales or till sessions on the device (another tab's sale included). */
function watch<T>(holder: WorkspaceHolder, read: (workspace: Workspace) => Promise<T>): Observable<T> {
  return liveInWorkspace(holder, 'nothing', (workspace) =>
    merge(workspace.database.vendas.eventBulks$, workspace.database.fechamentos_caixa.eventBulks$).pipe(
      startWith(null),
      switchMap(() => from(read(workspace))),
    ),
  );
}

export function createTillDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      /** 'Abrir caixa': refused while this device already has an open till. */
      async open(input: OpenTill): Promise<string> {
        const { troco_inicial } = parseInput(openTillSchema, input);
        const workspace = await holder.current();
        if (await openSessionOf(workspace)) throw DataError.invalid([{ field: 'caixa', code: 'duplicate' }]);
        return insertOwned(workspace, 'fechamentos_caixa', {
          dispositivo: workspace.device,
          aberto_em: stampOf(workspace),
          abertura_hlc: workspace.clock.now(),
          troco_inicial,
          movimentos: [],
          fechado_em: null,
          fechamento_hlc: null,
          valor_contado: null,
          valor_esperado: null,
          resumo: null,
          observacoes: null,
        });
      },
      /** 'Sangria' or 'Suprimento' on this device's open till. */
      async move(input: TillMovementInput): Promise<void> {
        const movement = parseInput(tillMovementSchema, input);
        const workspace = await holder.current();
        const session = await openSessionOf(workspace);
        if (!session) throw new DataError('not_found');
        await patchOwned(workspace, 'fechamentos_caixa', session.id, {
          movimentos: [...session.movimentos, { id: newId(), ...movement, em: stampOf(workspace) }],
        });
      },
      /** 'Fechar caixa': the figures of this moment are kept in the session. */
      async close(input: CloseTill): Promise<string> {
        const { valor_contado, observacoes } = parseInput(closeTillSchema, input);
        const workspace = await holder.current();
        const session = await openSessionOf(workspace);
        if (!session) throw new DataError('not_found');
        const fechamento_hlc = workspace.clock.now();
        const resumo = await summaryOf(workspace, { ...session, fechamento_hlc });
        await patchOwned(workspace, 'fechamentos_caixa', session.id, {
          fechado_em: stampOf(workspace),
          fechamento_hlc,
          valor_contado,
          valor_esperado: expectedCash(session.troco_inicial, resumo),
          resumo,
          observacoes,
        });
        return session.id;
      },
    },
    live: {
      /** This device's open till with its figures, or null when the till is closed. */
      tillOpen: (_params: undefined): Observable<OpenTillView | null> =>
        watch(holder, async (workspace) => {
          const session = await openSessionOf(workspace);
          if (!session) return null;
          const resumo = await summaryOf(workspace, session);
          return {
            id: session.id,
            aberto_em: session.aberto_em,
            troco_inicial: session.troco_inicial,
            movimentos: [...session.movimentos],
            resumo,
            esperado: expectedCash(session.troco_inicial, resumo),
          };
        }),
      /** Closed tills of every device of the owner, newest first. */
      tillHistory: (_params: undefined): Observable<ClosedTillView[]> =>
        watch(holder, async (workspace) => {
          const closed = await workspace.database.fechamentos_caixa.find({ selector: { fechado_em: { $ne: null } } }).exec();
          return closed
            .map((document): ClosedTillView => {
              // Plain data: nested fields read through the document are RxDB proxies, which cannot be posted.
              const doc = document.toJSON();
              const esperado = doc.valor_esperado ?? 0;
              const contado = doc.valor_contado ?? 0;
              return {
                id: doc.id,
                aberto_em: doc.aberto_em,
                fechado_em: doc.fechado_em ?? doc.updated_at,
                troco_inicial: doc.troco_inicial,
                movimentos: [...doc.movimentos],
                resumo: doc.resumo ?? EMPTY_SUMMARY,
                esperado,
                contado,
                diferenca: difference(contado, esperado),
                observacoes: doc.observacoes ?? null,
                esteAparelho: doc.dispositivo === workspace.device,
              };
            })
            .sort((a, b) => b.fechado_em.localeCompare(a.fechado_em));
        }),
    },
  };
}
