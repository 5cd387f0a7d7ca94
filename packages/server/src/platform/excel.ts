export interface Column<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/** One-sheet workbook (header row bold, frozen) as an .xlsx buffer. */
export async function workbook<T>(sheet: string, columns: Column<T>[], rows: T[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Waystation';
  const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => c.value(r)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition with a UTF-8 file name (Chinese names survive) and an ASCII fallback. */
export function attachment(name: string, fallback: string): string {
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
