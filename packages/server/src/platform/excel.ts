export interface Column<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/** A sheet's header and its rows' values, ready to write. */
export interface Sheet {
  name: string;
  columns: { header: string; width?: number }[];
  rows: (string | number | null)[][];
}

export const sheetOf = <T>(name: string, columns: Column<T>[], rows: T[]): Sheet => ({
  name,
  columns: columns.map((c) => ({ header: c.header, width: c.width })),
  rows: rows.map((r) => columns.map((c) => c.value(r))),
});

/** A workbook of these sheets (each header row bold, frozen) as an .xlsx buffer. */
export async function workbookOf(sheets: Sheet[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Waystation';
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16 }));
    ws.getRow(1).font = { bold: true };
    for (const r of sheet.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One-sheet workbook (header row bold, frozen) as an .xlsx buffer. */
export const workbook = <T>(sheet: string, columns: Column<T>[], rows: T[]): Promise<Buffer> => workbookOf([sheetOf(sheet, columns, rows)]);

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition with a UTF-8 file name (Chinese names survive) and an ASCII fallback. */
export function attachment(name: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
