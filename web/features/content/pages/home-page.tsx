import type { ComponentType } from "react";
import type { LandingSection } from "../../../../domain/app-config";
import { HydrationUnit } from "../../../components/hydration-unit";
import { useAppConfig } from "../../../lib/app-config";
import { useSeo } from "../../../lib/use-seo";
import { AnnouncementsSection } from "../components/announcements-section";
import { ClassTypesSection } from "../components/class-types-section";
import { CoachesSection } from "../components/coaches-section";
import { HeroSection } from "../components/hero-section";
import { PackagesSection } from "../components/packages-section";
import { ScheduleSection } from "../components/schedule-section";
import { StorySection } from "../components/story-section";

const SECTIONS: Record<LandingSection, ComponentType> = {
  hero: HeroSection,
  about: () => <StorySection kind="about" />,
  mission: () => <StorySection kind="mission" />,
  class_types: ClassTypesSection,
  coaches: CoachesSection,
  packages: PackagesSection,
  announcements: AnnouncementsSection,
  schedule: ScheduleSection,
};

/**
 * /: the landing page. Sections appear only when listed in config.landing_sections, in that order;
 * a section with nothing to show (no data, or its endpoint unavailable) renders nothing.
 */
export function HomePage() {
  const { landing_sections } = useAppConfig();
  useSeo();
  const order = [...new Set(landing_sections)].filter((key) => key in SECTIONS);
  return (
    <>
      {order.map((key) => {
        const Section = SECTIONS[key];
        return (
          <HydrationUnit key={key}>
            <Section />
          </HydrationUnit>
        );
      })}
    </>
  );
}
