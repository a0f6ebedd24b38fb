// The game's sprites, drawn by Bevy's sprite pipeline, without the colour
// grading step (see `ui/sprite_shader.rs`). The inputs are the pipeline's:
// an instance's transform (three columns of a transposed affine matrix),
// its colour and the part of its texture it shows.

#import bevy_render::maths::affine3_to_square
#import bevy_sprite::sprite_view_bindings::view

struct VertexInput {
    @builtin(vertex_index) index: u32,
    @location(0) i_model_transpose_col0: vec4<f32>,
    @location(1) i_model_transpose_col1: vec4<f32>,
    @location(2) i_model_transpose_col2: vec4<f32>,
    @location(3) i_color: vec4<f32>,
    @location(4) i_uv_offset_scale: vec4<f32>,
}

struct VertexOutput {
    @builtin(position) clip_position: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) @interpolate(flat) color: vec4<f32>,
};

@vertex
fn vertex(in: VertexInput) -> VertexOutput {
    // The quad's corner: (0, 0), (1, 0), (0, 1) or (1, 1).
    let corner = vec2<f32>(f32(in.index & 1u), f32((in.index >> 1u) & 1u));
    let model = affine3_to_square(mat3x4<f32>(
        in.i_model_transpose_col0,
        in.i_model_transpose_col1,
        in.i_model_transpose_col2,
    ));
    var out: VertexOutput;
    out.clip_position = view.clip_from_world * model * vec4<f32>(corner, 0.0, 1.0);
    out.uv = corner * in.i_uv_offset_scale.zw + in.i_uv_offset_scale.xy;
    out.color = in.i_color;
    return out;
}

@group(1) @binding(0) var sprite_texture: texture_2d<f32>;
@group(1) @binding(1) var sprite_sampler: sampler;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    return in.color * textureSample(sprite_texture, sprite_sampler, in.uv);
}
