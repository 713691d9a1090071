import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Editions that run on a Mac get a Mac installer beside the Windows one (product columns, written by the
 * catalogue), and each download link names the platform its file is for. Links made before are Windows links.
 */
export class MacInstallers1764600000000 implements MigrationInterface {
  name = 'MacInstallers1764600000000';

  async up(qr: QueryRunner): Promise<void> {
    const type = (t: string) => qr.connection.driver.normalizeType({ type: t as never });
    await qr.addColumns('products', [
      new TableColumn({
        name: 'macInstallerFileName',
        type: type('varchar'),
        length: '255',
        isNullable: true,
      }),
      new TableColumn({ name: 'macInstallerUrl', type: type('varchar'), length: '2048', isNullable: true }),
      new TableColumn({ name: 'macInstallerSize', type: type('varchar'), length: '32', isNullable: true }),
    ]);
    await qr.addColumn(
      'download_links',
      new TableColumn({ name: 'platform', type: type('varchar'), length: '16', default: "'Windows'" }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('download_links', 'platform');
    for (const column of ['macInstallerSize', 'macInstallerUrl', 'macInstallerFileName']) {
      await qr.dropColumn('products', column);
    }
  }
}
