// A small Stride scene written by the mesh tests: a camera at (0, 0, 5) looking down -Z, a `Wall`
// entity at (0, 0, wallZ) whose ModelComponent names `Models/Wall` (Assets/Models/Wall.sdpromodel
// when the test writes it), and a `Sparks` particle entity at (0, 0, -2) whose red billboards (two
// a second) of size 1 stay where they are born (no velocity), with Stride's SoftEdgeDistance when
// asked.
#pragma once

#include <string>

namespace fx::stride_mesh_test {

inline std::string wallScene(float wallZ, float softEdge) {
  std::string soft = softEdge > 0.0f
                         ? "                                        SoftEdgeDistance: " +
                               std::to_string(softEdge) + "\n"
                         : std::string();
  return R"(!SceneAsset
Id: 21111111-1111-1111-1111-111111111111
SerializedVersion: {Stride: 3.1.0.1}
Tags: []
Hierarchy:
    RootParts: []
    Parts:
        -   Entity:
                Id: a0000000-0000-0000-0000-000000000001
                Name: Camera
                Components:
                    00000000000000000000000000000001: !TransformComponent
                        Id: b0000000-0000-0000-0000-000000000001
                        Position: {X: 0.0, Y: 0.0, Z: 5.0}
                        Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}
                        Scale: {X: 1.0, Y: 1.0, Z: 1.0}
                        Children: {}
                    00000000000000000000000000000002: !CameraComponent
                        Id: c0000000-0000-0000-0000-000000000001
                        VerticalFieldOfView: 45.0
        -   Entity:
                Id: a0000000-0000-0000-0000-000000000002
                Name: Wall
                Components:
                    00000000000000000000000000000003: !TransformComponent
                        Id: b0000000-0000-0000-0000-000000000002
                        Position: {X: 0.0, Y: 0.0, Z: )" +
         std::to_string(wallZ) + R"(}
                        Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}
                        Scale: {X: 1.0, Y: 1.0, Z: 1.0}
                        Children: {}
                    00000000000000000000000000000004: !ModelComponent
                        Id: c0000000-0000-0000-0000-000000000002
                        Model: 99999999-0000-0000-0000-000000000001:Models/Wall
                        Materials: {}
        -   Entity:
                Id: a0000000-0000-0000-0000-000000000003
                Name: Sparks
                Components:
                    00000000000000000000000000000005: !TransformComponent
                        Id: b0000000-0000-0000-0000-000000000003
                        Position: {X: 0.0, Y: 0.0, Z: -2.0}
                        Rotation: {X: 0.0, Y: 0.0, Z: 0.0, W: 1.0}
                        Scale: {X: 1.0, Y: 1.0, Z: 1.0}
                        Children: {}
                    00000000000000000000000000000006: !ParticleSystemComponent
                        Id: c0000000-0000-0000-0000-000000000003
                        Control:
                            ResetSeconds: 5.0
                            Control: Play
                        Color: {R: 1.0, G: 1.0, B: 1.0, A: 1.0}
                        Speed: 1.0
                        ParticleSystem:
                            Settings: {}
                            BoundingShape: null
                            Emitters:
                                e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0:
                                    ParticleLifetime: {X: 10.0, Y: 10.0}
                                    ShapeBuilder: !ShapeBuilderBillboard
                                        SamplerPosition: null
                                        SamplerSize: null
                                        SamplerRotation: null
                                    Material: !ParticleMaterialComputeColor
)" + soft +
         R"(                                        ComputeColor: !ComputeColor
                                            Value: {R: 1.0, G: 0.0, B: 0.0, A: 1.0}
                                        UVBuilder: null
                                        ForceTexCoords: false
                                    Spawners:
                                        51515151515151515151515151515151: !SpawnerPerSecond
                                            LoopCondition: Looping
                                            Delay: {X: 0.0, Y: 0.0}
                                            Duration: {X: 1.0, Y: 1.0}
                                            SpawnCount: 2.0
                                    Initializers:
                                        a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1: !InitialSizeSeed
                                            RandomSize: {X: 1.0, Y: 1.0}
                                    Updaters: {}
)";
}

// A 4 x 4 plane facing +Z (towards the camera), dark blue.
inline const char* kWallModel = R"(!ProceduralModelAsset
Id: 99999999-0000-0000-0000-000000000001
SerializedVersion: {Stride: 2.0.0.0}
Tags: []
Type: !PlaneProceduralModel
    Size: {X: 4.0, Y: 4.0}
    Tessellation: {X: 1, Y: 1}
    Normal: UpZ
    Scale: {X: 1.0, Y: 1.0, Z: 1.0}
    UvScale: {X: 1.0, Y: 1.0}
    LocalOffset: {X: 0.0, Y: 0.0, Z: 0.0}
    MaterialInstance:
        Material: 99999999-0000-0000-0000-000000000002:Materials/Blue
)";

inline const char* kBlueMaterial = R"(!MaterialAsset
Id: 99999999-0000-0000-0000-000000000002
SerializedVersion: {Stride: 2.0.0.0}
Tags: []
Attributes:
    Diffuse: !MaterialDiffuseMapFeature
        DiffuseMap: !ComputeColor
            Value: {R: 0.0, G: 0.1, B: 0.6, A: 1.0}
    DiffuseModel: !MaterialDiffuseLambertModelFeature {}
Layers: {}
)";

}  // namespace fx::stride_mesh_test
