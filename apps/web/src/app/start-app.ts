/** The start-up steps in the order SPEC §8 / DESIGN §3 require. */
export interface StartupSteps {
  setUpLanguage: () => Promise<void> | void;
  setUpHttpClient: () => Promise<void> | void;
  mountGlobalComponents: () => Promise<void> | void;
  renderRouter: () => Promise<void> | void;
}

/** Runs the steps strictly one after another; a failure is logged and stops the start. */
export async function startApp(steps: StartupSteps): Promise<boolean> {
  try {
    await steps.setUpLanguage();
    await steps.setUpHttpClient();
    await steps.mountGlobalComponents();
    await steps.renderRouter();
    return true;
  } catch (error) {
    console.error('Kuvert failed to start:', error);
    return false;
  }
}
