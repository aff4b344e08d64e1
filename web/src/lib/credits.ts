// The sources each component's figures come from (data/*/SOURCE.md), for the footer and maps.
import { ComponentId } from '../config/constants'
import {
  attribution,
  buildingBlockAttribution,
  collectiveActionAttribution,
  healthCheckAttribution,
  strings,
} from '../config/strings'

/**
 * Credit lines of one component (public spec §1 component ids): crime 3 (SAPS, Census 2022 and 2011,
 * MDB), building block 1 (the directories, MDB), health check 2 (the surveys, MDB, and the
 * example-data line when `example`), collective action 4 (End GBVF / The World of Impact, MDB).
 */
export function componentCredits(componentId: number, example = false): readonly string[] {
  switch (componentId) {
    case ComponentId.BuildingBlock:
      return buildingBlockAttribution
    case ComponentId.HealthCheck:
      return example ? [...healthCheckAttribution, strings.hcMap.example] : healthCheckAttribution
    case ComponentId.CollectiveAction:
      return collectiveActionAttribution
    default:
      return attribution
  }
}
