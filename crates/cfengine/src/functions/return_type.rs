//! What a built-in function returns, as cf-agent's function table types it
//! (`FnCallType.dtype`): a variable's data type, or one of the types only a
//! function's result has — a class (`context`, for `classmatch()` and the
//! other predicates) or a range (`irange`, `rrange`). The checks of a
//! `vars` promise compare it with the promised type.

use crate::data::value::DataType;

/// A function's return type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReturnType {
    /// A value a variable can hold.
    Data(DataType),
    /// A class: the function is a predicate.
    Context,
    /// `irange(…)`.
    IntRange,
    /// `rrange(…)`.
    RealRange,
}

impl ReturnType {
    /// The name cf-agent gives the type in its messages.
    pub fn name(self) -> &'static str {
        match self {
            ReturnType::Data(t) => t.name(),
            ReturnType::Context => "context",
            ReturnType::IntRange => "irange",
            ReturnType::RealRange => "rrange",
        }
    }

    /// `CheckFnCallType`: whether a call returning this type may be the
    /// value of a variable of type `wanted`: the same type, a scalar where
    /// a string is wanted, or the element type of a wanted list.
    pub fn fits(self, wanted: DataType) -> bool {
        use DataType::*;
        match self {
            ReturnType::Data(t) => {
                t == wanted
                    || matches!((t, wanted), (Int | Real, String) | (String, Slist) | (Int, Ilist) | (Real, Rlist))
            }
            ReturnType::Context => wanted == String,
            ReturnType::IntRange | ReturnType::RealRange => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_fit_strings_and_elements_fit_their_lists() {
        assert!(ReturnType::Data(DataType::Int).fits(DataType::String));
        assert!(ReturnType::Context.fits(DataType::String));
        assert!(ReturnType::Data(DataType::String).fits(DataType::Slist));
        assert!(!ReturnType::Data(DataType::Slist).fits(DataType::String));
        assert!(!ReturnType::Data(DataType::Container).fits(DataType::Slist));
        assert_eq!(ReturnType::IntRange.name(), "irange");
    }
}
