/** The start-up steps in the order SPEC §8 / DESIGN §3 require. */
export interface StartupSteps {
  setUpLanguage: () => Promise<void> | void;
  setUpHttpClient: () => Promise<void> | void;
  mountGlobalComponents: () => Promise<void> | void;
  renderRouter: () => Promise<void> | void;
}

/**
 * Lets the browser run whatever waits (input, a paint) before the next step: one long task
 * made of every step blocks the page for their sum, separate ones only for the longest.
 */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs the steps strictly one after another, each in its own task (the first after the
 * scripts' own evaluation); a failure is logged and stops the start.
 */
export async function startApp(steps: StartupSteps): Promise<boolean> {
  try {
    for (const step of [
      steps.setUpLanguage,
      steps.setUpHttpClient,
      steps.mountGlobalComponents,
      steps.renderRouter,
    ]) {
      await yieldToMain();
      await step();
    }
    return true;
  } catch (error) {
    console.error('Kuvert failed to start:', error);
    return false;
  }
}
