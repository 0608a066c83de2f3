/** An approved success story as the public pages render it (read at build time by src/server/stories). */
export interface StoryPhoto { id: string; width: number; height: number }

export interface StoryView {
  id: number;
  name: string;
  cityName: string;
  service: string;
  story: string;
  featured: boolean;
  before: StoryPhoto | null;
  after: StoryPhoto | null;
}
