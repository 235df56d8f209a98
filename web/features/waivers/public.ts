/** What other features may use of the waivers (decision 0099). */
export { CollectWaiverButton } from "./components/collect-waiver-button";
export { WaiverReminder } from "./components/waiver-reminder";
