import { Messenger } from '@metamask/messenger';

import {
  WhiteLabelController,
  type WhiteLabelControllerActions,
  type WhiteLabelControllerEvents,
} from '../../../src/controllers/white-label/WhiteLabelController';

const messenger = () =>
  new Messenger<'WhiteLabelController', WhiteLabelControllerActions, WhiteLabelControllerEvents>({
    namespace: 'WhiteLabelController',
  });

describe('WhiteLabelController', () => {
  it('replaces the whole configuration, refusals included, on each set', () => {
    const controller = new WhiteLabelController({
      messenger: messenger(),
      config: { name: 'Acme', topupHide: 'yes' },
    });
    expect(controller.state.whiteLabel.name).toBe('Acme');
    expect(controller.state.refused).toEqual([{ field: 'topupHide', reason: 'notBoolean' }]);

    expect(controller.setWhiteLabel({ topupHide: true })).toEqual([]);
    expect(controller.state.whiteLabel).toMatchObject({
      name: null,
      topupHide: true,
      isActive: true,
    });
    expect(controller.state.refused).toEqual([]);
  });
});
