"""Kotlin and Java definitions as a reader names them: Class.method, Receiver.extension.

A pass over expo-modules-core 58.2.0, @capacitor/android 8.6.0 and react-native 0.88.1's
ReactAndroid (980 Kotlin, 123 Java files) found Kotlin's 91 extension functions named without
their receiver (`fun T.withIf` -> `withIf`; `fun ModuleDefinitionBuilder.Object` and
`fun Module.Object` both `Object`), its 262 interfaces and 76 enum classes typed `class`, its
206 secondary constructors (`constructor(context: Context)`) folded into the class's other lines
instead of standing under a name, and a Java record's compact constructor left in the record's
header piece.
"""

from __future__ import annotations

import textwrap

from repokb.chunkers.code import TreeSitterChunker
from repokb.chunkers.languages import SPECS


def cut(language: str, source: str, split_chars: int = 1500):
    spec = next(s for s in SPECS if s.language == language)
    chunker = TreeSitterChunker(spec, split_chars=split_chars)
    return chunker.chunk(textwrap.dedent(source).lstrip("\n"))


def named(pieces):
    return {p.symbol: p for p in pieces if p.symbol}


def test_kotlin_extension_functions_are_named_after_their_receiver():
    pieces = named(cut("kotlin", '''
        package expo.modules.kotlin.objects

        /** Creates an object definition inside a module. */
        inline fun ModuleDefinitionBuilder.Object(block: ObjectDefinitionBuilder.() -> Unit) {
            registerObject(ObjectDefinitionBuilder().also(block).buildObject())
        }

        fun <T : Any> List<T>.second(): T = this[1]

        fun String?.orNone(): String = this ?: "none"

        fun plainFunction(value: Int): Int = value * 2
        '''))
    assert {"ModuleDefinitionBuilder.Object", "List.second", "String.orNone",
            "plainFunction"} <= set(pieces)
    extension = pieces["ModuleDefinitionBuilder.Object"]
    # KDoc attached; the package line above, too short alone, opens the file's first piece
    assert extension.content.startswith(
        "package expo.modules.kotlin.objects\n\n/** Creates an object definition")
    assert pieces["plainFunction"].symbol_type == "function"


def test_kotlin_interfaces_and_enum_classes_say_so():
    pieces = named(cut("kotlin", '''
        /** Receives the events a view sends. */
        fun interface ViewEventCallback<T> {
            operator fun invoke(arg: T)
        }

        interface Enumerable {
            fun describe(): String = toString()
        }

        enum class ViewType(val value: Int) {
            COMPOSE(0),
            NATIVE(1);
        }

        data class Size(val width: Int, val height: Int)
        '''))
    assert pieces["ViewEventCallback"].symbol_type == "interface"
    assert pieces["Enumerable"].symbol_type == "interface"
    assert pieces["ViewType"].symbol_type == "enum"
    assert pieces["Size"].symbol_type == "class"


def test_a_big_kotlin_class_is_cut_into_named_members():
    members = "\n".join(f'''
            /** Handles case {i}. */
            @UiThread
            fun handle{i}(event: String): Boolean {{
                return event.length > {i}
            }}''' for i in range(6))
    source = f'''
        package com.example.app

        class EventDispatcher(private val context: Context) : Dispatcher {{
            constructor(context: Context, tag: String) : this(context) {{
                Log.d(tag, "created")
            }}

            companion object {{
                const val TAG = "EventDispatcher"

                /** The dispatcher for a view's context. */
                @JvmStatic
                fun forView(view: View): EventDispatcher = EventDispatcher(view.context)
            }}

            inner class Queue {{
                fun drain(): Int = 0
            }}
{members}
        }}
        '''
    pieces = cut("kotlin", source, split_chars=400)
    by_name = named(pieces)
    assert by_name["EventDispatcher.constructor"].symbol_type == "method"
    # a companion object's functions are called on the class: EventDispatcher.forView(view)
    companion = by_name["EventDispatcher.forView"]
    assert companion.content.lstrip().startswith("/** The dispatcher")
    assert "@JvmStatic" in companion.content
    assert "EventDispatcher.Queue" in by_name
    handler = by_name["EventDispatcher.handle3"]
    assert handler.content.lstrip().startswith("/** Handles case 3. */")
    assert "@UiThread" in handler.content
    assert handler.context and handler.context.startswith("class EventDispatcher")


def test_java_record_compact_constructor_and_nested_types():
    pieces = named(cut("java", '''
        package com.getcapacitor;

        /** A point on the bridge's web view. */
        public record Point(int x, int y) {
            /** Rejects points off the screen. */
            public Point {
                if (x < 0 || y < 0) {
                    throw new IllegalArgumentException("off screen");
                }
            }

            public double norm() {
                return Math.sqrt(x * x + y * y);
            }
        }

        @Retention(RetentionPolicy.RUNTIME)
        public @interface CapacitorPlugin {
            String name() default "";
        }

        public class Bridge {
            /** Creates the bridge. */
            @Deprecated
            public Bridge(Context context) {
                this.context = context;
            }

            static class Builder {
                Bridge create() { return null; }
            }

            enum Mode { ON, OFF, STANDBY, RECOVERING, SHUTTING_DOWN }
        }
        ''', split_chars=100))
    compact = pieces["Point.Point"]
    assert compact.symbol_type == "method"
    assert compact.content.lstrip().startswith("/** Rejects points off the screen. */")
    assert "Point.norm" in pieces
    assert pieces["CapacitorPlugin"].content.lstrip().startswith("@Retention")
    constructor = pieces["Bridge.Bridge"]
    # the class's own line, too short alone, opens its first member (as in Scala)
    assert constructor.content.lstrip().startswith(
        "public class Bridge {\n    /** Creates the bridge. */")
    assert "@Deprecated" in constructor.content
    assert pieces["Bridge.Builder"].symbol_type == "class"
    assert pieces["Bridge.Mode"].symbol_type == "enum"
