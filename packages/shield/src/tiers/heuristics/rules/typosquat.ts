/** Packages that typosquatters imitate: the most installed names of npm and PyPI. */
const POPULAR = new Set(
  `react react-dom lodash express axios chalk commander typescript eslint prettier vite vitest jest webpack moment dayjs date-fns uuid
  dotenv request debug yargs zod next vue angular jquery underscore async bluebird body-parser cors mongoose mongodb redis pg mysql2
  sequelize prisma socket.io ws nodemon rimraf glob minimist semver colors cross-env babel-core core-js rxjs tslib ramda classnames
  requests numpy pandas django flask urllib3 setuptools pytest boto3 pyyaml scipy matplotlib pillow cryptography colorama
  beautifulsoup4 selenium tensorflow torch scikit-learn jinja2 click certifi idna six attrs pydantic fastapi sqlalchemy httpx`
    .split(/\s+/u)
    .filter(Boolean),
);

/** True when a and b differ by one insertion, deletion, substitution or swap of neighbours. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The popular package `name` imitates, if it is one edit away from one (and not it). */
export function imitatedPackage(spec: string): string | undefined {
  const name = spec.replace(/(?<=.)[@=<>!~[].*$/u, '').toLowerCase();
  if (name.length < 4 || POPULAR.has(name)) return undefined;
  for (const popular of POPULAR) if (oneEditApart(name, popular)) return popular;
  return undefined;
}
