import { i18next } from '@lab/i18n';
import {
  Accordion,
  Button,
  ErrorState,
  Link,
  Modal,
  Sidebar,
  Skeleton,
  Spinner,
  UI_NAMESPACE,
  useFocusTrap,
  useLocalizedNavigate,
} from './index';

describe('@lab/ui entry', () => {
  it('exports the primitives', () => {
    for (const value of [Accordion, Button, ErrorState, Link, Modal, Sidebar, Skeleton, Spinner, useFocusTrap]) {
      expect(value).toBeInstanceOf(Function);
    }
    expect(useLocalizedNavigate).toBeInstanceOf(Function);
  });

  it('registers the ui namespace in ua and ru', () => {
    expect(i18next.hasResourceBundle('ua', UI_NAMESPACE)).toBe(true);
    expect(i18next.hasResourceBundle('ru', UI_NAMESPACE)).toBe(true);
    expect(i18next.getFixedT('ru', UI_NAMESPACE)('close')).toBe('Закрыть');
  });
});
