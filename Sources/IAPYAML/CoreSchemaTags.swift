/// Full forms of the YAML core schema tags, as libyaml reports them after resolving `!!`.
enum CoreSchemaTag {
    static let string = "tag:yaml.org,2002:str"
    static let null = "tag:yaml.org,2002:null"
    static let bool = "tag:yaml.org,2002:bool"
    static let int = "tag:yaml.org,2002:int"
    static let float = "tag:yaml.org,2002:float"
    /// The non-specific tag `!`, which forces a plain scalar to be a string.
    static let nonSpecific = "!"
}

extension ConfigNode {
    /// Whether this scalar is null under the core schema: a plain `null`, `Null`, `NULL`, `~` or
    /// nothing at all, or any scalar tagged `!!null`.
    public var isNull: Bool {
        guard case .scalar(let text, _) = kind else { return false }
        if tag == CoreSchemaTag.null { return true }
        return isTypedScalar && CoreSchema.isNull(text)
    }

    /// Whether the scalar's text should be read as a null, boolean or number when the caller asks
    /// for one. Plain scalars are typed unless tagged `!` or `!!str`; quoted and block scalars
    /// are strings unless tagged with a core type such as `!!int`.
    var isTypedScalar: Bool {
        guard case .scalar(_, let style) = kind else { return false }
        switch tag {
        case nil: return style.isPlain
        case CoreSchemaTag.null?, CoreSchemaTag.bool?, CoreSchemaTag.int?, CoreSchemaTag.float?:
            return true
        case CoreSchemaTag.string?, CoreSchemaTag.nonSpecific?: return false
        default: return style.isPlain
        }
    }
}
