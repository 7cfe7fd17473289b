; Objective-C symbols (tree-sitter-objc 3.0, a superset of tree-sitter-c). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/objc.ts: methods are named by their whole selector (`addItem:quantity:`, quoted in
; locate strings: `Cart."addItem:quantity:"`), properties by their declarator. The manifest runs c/symbols.scm
; before this file, so C declarations are read as in C.
; `@interface Cart` is the class; `@implementation Cart` and categories `@interface Cart (Discounts)` are
; transparent, so their methods are `Cart.…` too (a declared and a defined method are `[0]` and `[1]`).

(class_interface . (identifier) @name !category) @symbol.class
(class_interface . (identifier) @container.name category: (_)) @container
(class_implementation . (identifier) @container.name) @container
(protocol_declaration . (identifier) @name) @symbol.interface
(method_declaration) @symbol.method
(method_definition) @symbol.method
(property_declaration) @symbol.property
