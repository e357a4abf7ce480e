import { describeActionRules } from '../rule-table.test-support.js';

const write = (path: string, content: string) => ({ path, content });

describeActionRules('writing a template whose secrets are placeholders', {
  mustBlock: [],
  mustEscalate: [
    [
      'a real database password in .env.example',
      'write_file',
      write('.env.example', 'DATABASE_URL=postgres://app:Hu7kq9Lzr@db.prod.example.com:5432/app\n'),
      'files.secret_value_write',
    ],
    [
      'a real token beside a placeholder',
      'write_file',
      write(
        '.env.example',
        'API_KEY=changeme\nGITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\n',
      ),
      'files.secret_value_write',
    ],
    [
      'a real-looking password in a config file',
      'write_file',
      write('config/app.yml', 'password: Winter2026Secure\n'),
      'files.secret_value_write',
    ],
  ],
  mustPass: [
    [
      '.env.example with placeholder values',
      'write_file',
      write(
        '.env.example',
        'DATABASE_URL=postgres://user:password@localhost:5432/app\nAPI_KEY=changeme\n',
      ),
    ],
    [
      'a template pointing at variables and asking for values',
      'write_file',
      write(
        '.env.example',
        'DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app\nSTRIPE_SECRET_KEY=your_key_here\nJWT_SECRET=<generate one>\n',
      ),
    ],
    [
      'a sample config with masked values',
      'write_file',
      write('config/sample.yml', 'password: xxxxxxxx\napi_key: your-api-key-here\n'),
    ],
  ],
});
