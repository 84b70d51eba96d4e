import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';
import { uploadsDir } from './uploads';

/** FILE_STORAGE: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FileStorage =>
        config.S3_BUCKET && config.S3_PUBLIC_URL
          ? new S3Storage({
              bucket: config.S3_BUCKET,
              region: config.S3_REGION,
              endpoint: config.S3_ENDPOINT,
              accessKeyId: config.S3_ACCESS_KEY_ID,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY,
              publicUrl: config.S3_PUBLIC_URL,
            })
          : new LocalDiskStorage(uploadsDir(config)),
    },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
