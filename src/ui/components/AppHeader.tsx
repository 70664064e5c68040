import { PRODUCT_NAME } from '../hooks/use-page-title';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

export function AppHeader() {
  return (
    <header className="app-header">
      <span className="app-header__brand">{PRODUCT_NAME}</span>
      <div className="app-header__controls">
        <LanguageSelect />
        <ThemeToggle />
      </div>
    </header>
  );
}
