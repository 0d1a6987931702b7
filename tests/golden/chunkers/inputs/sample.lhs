Test.HUnit.Base  --  basic definitions of unit tests

> module Test.HUnit.Base
> ( Assertion, assertBool, assertEqual
> ) where

> import Control.Monad (unless)


Conditional assertion functions
-------------------------------

An assertion fails with its message when the condition does not hold.

> -- | Asserts that the condition holds.
> assertBool :: String -> Bool -> Assertion
> assertBool msg b = unless b (assertFailure msg)

> -- | Asserts that the actual value is the expected one (´expected´ first).
> assertEqual :: (Eq a, Show a) => String -> a -> a -> Assertion
> assertEqual preface expected actual =
>   unless (actual == expected) (assertFailure msg)
>  where msg = (if null preface then "" else preface ++ "\n") ++
>              "expected: " ++ show expected ++ "\n but got: " ++ show actual
