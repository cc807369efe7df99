import { paths } from '../../shared/routes.ts';
import { Link } from '../router.tsx';
import { Logo } from './logo.tsx';

/** The plain pages' header (/termos, /privacidade, /afiliados, /afiliado): the logo, a link home, over the page's column. */
export function LogoHeader() {
  return (
    <header className="border-b border-line bg-ink-950/85 px-5 py-4">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
        <Link href={paths.landing} className="rounded-lg">
          <Logo />
        </Link>
      </div>
    </header>
  );
}
