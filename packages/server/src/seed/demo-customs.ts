import { and, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { packageDeclarations } from '../db/schema';

/**
 * The demo goods' titles are Chinese, so their declarations are prefilled without the English the CN22/CN23 needs:
 * the demo writes it (and an HS code) for them, as a packer would, so a newcomer prints customs papers at once.
 * A line someone already wrote is left as it is.
 */
const ENGLISH: [zh: string, en: string, hs: string][] = [
  ['帆布双肩包', 'Canvas backpack', '420292'],
  ['陶瓷马克杯 大容量', 'Ceramic mug, large', '691200'],
  ['陶瓷马克杯', 'Ceramic mug', '691200'],
  ['机械键盘 87键 青轴', 'Mechanical keyboard, 87 keys', '847160'],
  ['机械键盘', 'Mechanical keyboard', '847160'],
  ['汉服 改良日常款', 'Hanfu dress, everyday style', '620449'],
  ['汉服', 'Hanfu dress', '620449'],
  ['毛绒玩具 熊猫', 'Plush toy panda', '950300'],
  ['毛绒玩具', 'Plush toy', '950300'],
  ['蓝牙耳机 降噪版', 'Bluetooth earphones, noise cancelling', '851830'],
  ['蓝牙耳机', 'Bluetooth earphones', '851830'],
  ['手工皮革钱包', 'Handmade leather wallet', '420231'],
  ['复古运动鞋 男女同款', 'Retro sneakers, unisex', '640411'],
  ['运动鞋', 'Sneakers', '640411'],
  ['纯棉短袖T恤', 'Cotton T-shirt', '610910'],
  ['手机壳', 'Phone case', '392690'],
  ['保温杯', 'Vacuum flask', '961700'],
];

export async function seedCustomsEnglishDemo(db: Db): Promise<void> {
  for (const [zh, en, hs] of ENGLISH) {
    await db
      .update(packageDeclarations)
      .set({ descriptionEn: en, hsCode: hs })
      .where(and(eq(packageDeclarations.descriptionZh, zh), eq(packageDeclarations.descriptionEn, ''), eq(packageDeclarations.hsCode, '')));
  }
}
