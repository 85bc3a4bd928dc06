// Original file: proto/switchyard/data/v1/data_service.proto

import type { Project as _switchyard_data_v1_Project, Project__Output as _switchyard_data_v1_Project__Output } from '../../../switchyard/data/v1/Project.js';

export interface ProjectsResponse {
  'projects'?: (_switchyard_data_v1_Project)[];
}

export interface ProjectsResponse__Output {
  'projects': (_switchyard_data_v1_Project__Output)[];
}
