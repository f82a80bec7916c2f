/** Types of server-boundaries.js, for its unit test (apps/server/src/boundaries.test.ts). */
export interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}

export function serverLayout(src: string): {
  modules: string[];
  marketplaces: string[];
  rootFiles: string[];
};

export function serverZones(src: string): Zone[];
