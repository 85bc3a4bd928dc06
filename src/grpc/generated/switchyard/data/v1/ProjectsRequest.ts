// Original file: proto/switchyard/data/v1/data_service.proto


export interface ProjectsRequest {
}

export interface ProjectsRequest__Output {
}
