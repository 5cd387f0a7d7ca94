import { useCallback, useMemo, useState, type MouseEvent as ReactMouseEvent, type ThHTMLAttributes } from 'react';
import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useLocation } from 'react-router';
import './resizable-table.css';
import type { ColumnExport } from './list/ExportButton';
import { useSettings } from '../shell/stores/settings';
import { messages } from '../i18n/messages';

const MIN_WIDTH = 60;
const DEFAULT_WIDTH = 150;
/** The shell's navbar and tags bar (layout.css): a sticky table header sits below them when the header is fixed. */
const NAVBAR_HEIGHT = 50;
const TAGS_VIEW_HEIGHT = 34;

/** SPEC §9: column widths are kept per route and column in local storage. */
export const columnWidthKey = (route: string, column: string) => `waystation-col-width:${route}:${column}`;

function readWidth(route: string, column: string): number | undefined {
  try {
    const v = Number(localStorage.getItem(columnWidthKey(route, column)));
    return Number.isFinite(v) && v >= MIN_WIDTH ? v : undefined;
  } catch {
    return undefined;
  }
}

function writeWidth(route: string, column: string, width: number): void {
  try {
    localStorage.setItem(columnWidthKey(route, column), String(Math.round(width)));
  } catch {
    /* storage unavailable */
  }
}

type HeaderCellProps = ThHTMLAttributes<HTMLTableCellElement> & {
  resizeWidth?: number;
  onResizeWidth?: (width: number, done: boolean) => void;
  columnLabel?: string;
};

function ResizableHeaderCell({ resizeWidth, onResizeWidth, columnLabel, children, ...rest }: HeaderCellProps) {
  if (!onResizeWidth || !resizeWidth) return <th {...rest}>{children}</th>;
  const start = (e: ReactMouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startWidth = resizeWidth;
    let last = startWidth;
    const move = (ev: MouseEvent) => {
      last = Math.max(MIN_WIDTH, startWidth + ev.clientX - startX);
      onResizeWidth(last, false);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      document.body.classList.remove('col-resizing');
      onResizeWidth(last, true);
    };
    document.body.classList.add('col-resizing');
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <th {...rest} className={`${rest.className ?? ''} resizable-th`}>
      {children}
      <span className="col-resize-handle" aria-hidden title={columnLabel} onMouseDown={start} onClick={(e) => e.stopPropagation()} />
    </th>
  );
}

/** A list column; `exportAs` says how the list's export writes it (see exportColumnsOf). */
export type ResizableColumn<T> = ColumnType<T> & { key: string; exportAs?: ColumnExport };

const ACTIONS_TITLES = new Set([messages.zh['common.actions'], messages.en['common.actions']]);

/**
 * Where a column stays when the table scrolls sideways: the first (identifying) column on the left and the actions
 * column on the right, unless the page says otherwise (`fixed: false`).
 */
function pinOf<T>(c: ResizableColumn<T>, i: number): ColumnType<T>['fixed'] {
  if (c.fixed !== undefined) return c.fixed;
  if (c.key === 'actions' || (typeof c.title === 'string' && ACTIONS_TITLES.has(c.title))) return 'right';
  return i === 0 ? 'left' : undefined;
}

/**
 * An antd Table whose columns can be resized by dragging the header edge; widths persist per route. It scrolls
 * sideways when its columns are wider than the screen, with the key columns pinned and the scroll bar (and the header)
 * kept in view at the bottom (top) of the window while the table is on screen, however long the page.
 */
export function ResizableTable<T extends object>({
  columns,
  routeKey,
  ...props
}: Omit<TableProps<T>, 'columns'> & { columns: ResizableColumn<T>[]; routeKey?: string }) {
  const { pathname } = useLocation();
  const route = routeKey ?? pathname;
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const tagsView = useSettings((s) => s.tagsView);
  const [widths, setWidths] = useState<Record<string, number>>(() =>
    Object.fromEntries(
      columns.flatMap((c) => {
        const w = readWidth(route, c.key);
        return w ? [[c.key, w]] : [];
      }),
    ),
  );

  const onResize = useCallback(
    (key: string) => (width: number, done: boolean) => {
      setWidths((w) => ({ ...w, [key]: width }));
      if (done) writeWidth(route, key, width);
    },
    [route],
  );

  const sized = useMemo(
    () =>
      columns.map(({ exportAs: _export, ...c }, i) => {
        const last = i === columns.length - 1;
        const width = widths[c.key] ?? (typeof c.width === 'number' ? c.width : DEFAULT_WIDTH);
        return {
          ...c,
          width,
          fixed: pinOf(c, i),
          onHeaderCell: () =>
            ({
              resizeWidth: last ? undefined : width,
              onResizeWidth: last ? undefined : onResize(c.key),
              columnLabel: typeof c.title === 'string' ? c.title : c.key,
            }) as HeaderCellProps,
        };
      }),
    [columns, widths, onResize],
  );

  // Fixed layout honours the widths only when the table is as wide as their sum: 'max-content' would let one long
  // cell (a description) push the key columns off a 1440 px screen. A table narrower than its box still fills it.
  const scroll = { ...props.scroll, x: sized.reduce((sum, c) => sum + c.width, 0) };
  // The page scrolls, not the table: without a sticky bar the sideways scroll bar of a long list is a screen below.
  const sticky = props.sticky ?? (props.scroll?.y ? undefined : { offsetHeader: fixedHeader ? NAVBAR_HEIGHT + (tagsView ? TAGS_VIEW_HEIGHT : 0) : 0 });
  return (
    <Table<T>
      {...props}
      scroll={scroll}
      sticky={sticky}
      tableLayout="fixed"
      columns={sized}
      components={{ ...props.components, header: { ...props.components?.header, cell: ResizableHeaderCell } }}
    />
  );
}
