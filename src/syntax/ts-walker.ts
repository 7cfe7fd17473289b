/**
 * Walks a TypeScript-compiler AST and emits the candidates `grammars/typescript/symbols.scm` plus
 * `languages/typescript.ts` would produce from a tree-sitter tree (same kinds, names, name ranges
 * and full ranges). Used by the fallback outline only.
 */
import type * as TS from 'typescript';
import type { Span } from '../core/positions.js';
import type { SymbolKindName } from '../locate/outline.js';
import type { PlacedCandidate } from './hooks.js';

interface Name {
  name: string;
  span: Span;
}

/** One walk over one source file. */
export class TsWalker {
  private readonly out: PlacedCandidate[] = [];

  constructor(
    private readonly ts: typeof TS,
    private readonly sourceFile: TS.SourceFile,
    private readonly text: string,
  ) {}

  /** All candidates of the file. */
  run(): PlacedCandidate[] {
    for (const statement of this.sourceFile.statements) this.visit(statement, true, false);
    return this.out;
  }

  /** `local`: inside a function body and no type alias or interface in between (as the hook's `inFunctionBody`). */
  private visit(node: TS.Node, moduleLevel: boolean, local: boolean): void {
    const ts = this.ts;
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) this.classLike(node);
    else if (ts.isInterfaceDeclaration(node)) this.interfaceLike(node);
    else if (ts.isTypeAliasDeclaration(node)) this.typeAlias(node);
    else if (ts.isEnumDeclaration(node)) this.enumLike(node);
    else if (ts.isModuleDeclaration(node)) return this.moduleLike(node);
    else if (ts.isFunctionDeclaration(node)) this.functionLike(node);
    else if (ts.isVariableDeclaration(node))
      this.declaration(node, moduleLevel && ts.isVariableStatement(node.parent.parent));
    else if (ts.isExportAssignment(node)) this.defaultExport(node);
    else if (ts.isTypeLiteralNode(node) && !local) this.typeMembers(node.members);
    else if (ts.isExpressionStatement(node) && ts.isSourceFile(node.parent)) this.expando(node);
    const childLevel = moduleLevel && (ts.isVariableStatement(node) || ts.isVariableDeclarationList(node));
    const typeDeclaration = ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node);
    const body =
      ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node) ? this.bodyOf(node) : undefined;
    // An arrow that returns a function directly (currying): that function's signature is not its body.
    const curried = body !== undefined && (ts.isArrowFunction(body) || ts.isFunctionExpression(body));
    ts.forEachChild(node, (child) =>
      this.visit(child, childLevel, !typeDeclaration && (local || (child === body && !curried))),
    );
  }

  /** The body of a function-like node or class static block, if it has one. */
  private bodyOf(node: TS.Node): TS.Node | undefined {
    return 'body' in node ? (node.body as TS.Node | undefined) : undefined;
  }

  private classLike(node: TS.ClassDeclaration | TS.ClassExpression): void {
    const ts = this.ts;
    if (ts.isClassDeclaration(node)) {
      const name = node.name ? this.nameOf(node.name) : this.defaultKeyword(node);
      if (name) this.emit('class', name, this.fullSpan(node));
    }
    for (const member of node.members) {
      if (ts.isConstructorDeclaration(member)) this.constructorLike(member);
      else if (ts.isMethodDeclaration(member)) this.member('method', member);
      else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member))
        this.member('property', member);
      else if (ts.isPropertyDeclaration(member)) this.member('field', member);
    }
  }

  private constructorLike(node: TS.ConstructorDeclaration): void {
    const keyword = node
      .getChildren(this.sourceFile)
      .find((c) => c.kind === this.ts.SyntaxKind.ConstructorKeyword);
    const span = keyword ? { start: keyword.getStart(this.sourceFile), end: keyword.end } : undefined;
    if (span) this.emit('constructor', { name: 'constructor', span }, this.fullSpan(node));
    for (const parameter of node.parameters) {
      if (!this.ts.isParameterPropertyDeclaration(parameter, node) || !this.ts.isIdentifier(parameter.name))
        continue;
      this.emit('property', this.nameOf(parameter.name), this.fullSpan(parameter), 'parameter-property');
    }
  }

  private member(kind: SymbolKindName, node: TS.ClassElement | TS.TypeElement): void {
    const name = node.name ? this.memberName(node.name) : undefined;
    if (name) this.emit(kind, name, this.fullSpan(node));
  }

  private interfaceLike(node: TS.InterfaceDeclaration): void {
    this.emit('interface', this.nameOf(node.name), this.fullSpan(node));
    this.typeMembers(node.members);
  }

  private typeAlias(node: TS.TypeAliasDeclaration): void {
    this.emit('type', this.nameOf(node.name), this.fullSpan(node));
  }

  /** Interface and type-literal members, with the kinds the tree-sitter hook gives them. */
  private typeMembers(members: TS.NodeArray<TS.TypeElement>): void {
    const ts = this.ts;
    for (const member of members) {
      if (ts.isPropertySignature(member)) this.member('property', member);
      else if (ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member))
        this.member('property', member);
      else if (ts.isMethodSignature(member)) {
        const constructorNamed = ts.isIdentifier(member.name) && member.name.text === 'constructor';
        this.member(constructorNamed ? 'constructor' : 'method', member);
      }
    }
  }

  /** `f.code = "…"` at the top level: `f.code`, a method when the value is a function. */
  private expando(node: TS.ExpressionStatement): void {
    const ts = this.ts;
    const assignment = node.expression;
    if (!ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken)
      return;
    const target = assignment.left;
    if (!ts.isPropertyAccessExpression(target) || !ts.isIdentifier(target.expression)) return;
    if (!ts.isIdentifier(target.name) || target.getText(this.sourceFile) === 'module.exports') return;
    const value = this.unwrap(assignment.right);
    const isFunction = ts.isArrowFunction(value) || ts.isFunctionExpression(value);
    const name = this.nameOf(target.name);
    const qualifier = [target.expression.text];
    this.emit(isFunction ? 'method' : 'property', name, this.fullSpan(node), undefined, qualifier);
  }

  private enumLike(node: TS.EnumDeclaration): void {
    this.emit('enum', this.nameOf(node.name), this.fullSpan(node));
    for (const member of node.members) {
      const name = this.memberName(member.name);
      if (name) this.emit('enummember', name, this.fullSpan(member));
    }
  }

  /** `namespace A.B.C {}` is nested declarations in this AST; all get the outermost full range. */
  private moduleLike(node: TS.ModuleDeclaration): void {
    const ts = this.ts;
    if (node.flags & ts.NodeFlags.GlobalAugmentation) {
      ts.forEachChild(node, (child) => this.visit(child, false, false));
      return;
    }
    const kind: SymbolKindName = node.flags & ts.NodeFlags.Namespace ? 'namespace' : 'module';
    const full = this.fullSpan(node);
    let current: TS.ModuleDeclaration = node;
    for (;;) {
      const name = ts.isStringLiteral(current.name) ? this.quoted(current.name) : this.nameOf(current.name);
      this.emit(kind, name, full);
      if (!current.body || !ts.isModuleDeclaration(current.body)) break;
      current = current.body;
    }
    if (current.body && ts.isModuleBlock(current.body)) {
      for (const statement of current.body.statements) this.visit(statement, true, false);
    }
  }

  private functionLike(node: TS.FunctionDeclaration): void {
    const name = node.name ? this.nameOf(node.name) : this.defaultKeyword(node);
    if (name) this.emit('function', name, this.fullSpan(node));
  }

  private defaultExport(node: TS.ExportAssignment): void {
    const ts = this.ts;
    const value = node.expression;
    if (node.isExportEquals) return;
    const isFunction = ts.isArrowFunction(value) || (ts.isFunctionExpression(value) && !value.name);
    const isClass = ts.isClassExpression(value) && !value.name;
    const isObject = ts.isObjectLiteralExpression(value);
    const name = isFunction || isClass || isObject ? this.defaultKeyword(node) : undefined;
    if (!name) return;
    this.emit(isClass ? 'class' : isObject ? 'constant' : 'function', name, this.fullSpan(node));
    if (isObject) this.objectMembers(value);
  }

  private declaration(node: TS.VariableDeclaration, moduleLevel: boolean): void {
    const ts = this.ts;
    if (!ts.isVariableDeclarationList(node.parent)) return;
    const list = node.parent;
    const single = list.declarations.length === 1 && ts.isVariableStatement(list.parent);
    const full = this.fullSpan(single ? list.parent : node);
    if (!ts.isIdentifier(node.name)) {
      if (moduleLevel)
        for (const id of this.bindingNames(node.name))
          this.emit(this.variableKind(list), id, this.trimmed(id.span));
      return;
    }
    const init = node.initializer;
    if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
      this.emit('function', this.nameOf(node.name), full);
    else if (init && ts.isClassExpression(init)) this.emit('class', this.nameOf(node.name), full);
    else if (moduleLevel) {
      this.emit(this.variableKind(list), this.nameOf(node.name), full);
      const value = init ? this.unwrap(init) : undefined;
      if (value && ts.isObjectLiteralExpression(value)) this.objectMembers(value);
    }
  }

  private variableKind(list: TS.VariableDeclarationList): SymbolKindName {
    return list.flags & this.ts.NodeFlags.Const ? 'constant' : 'variable';
  }

  private bindingNames(pattern: TS.BindingName): Name[] {
    if (this.ts.isIdentifier(pattern)) return [this.nameOf(pattern)];
    const out: Name[] = [];
    for (const element of pattern.elements) {
      if (this.ts.isBindingElement(element)) out.push(...this.bindingNames(element.name));
    }
    return out;
  }

  private unwrap(node: TS.Expression): TS.Expression {
    const ts = this.ts;
    let current = node;
    for (let depth = 0; depth < 8; depth++) {
      if (
        ts.isAsExpression(current) ||
        ts.isSatisfiesExpression(current) ||
        ts.isParenthesizedExpression(current) ||
        ts.isNonNullExpression(current)
      ) {
        current = current.expression;
      } else break;
    }
    return current;
  }

  private objectMembers(object: TS.ObjectLiteralExpression): void {
    const ts = this.ts;
    for (const member of object.properties) {
      if (ts.isSpreadAssignment(member)) continue;
      const name = this.memberName(member.name);
      if (!name || name.name.includes('.')) continue;
      let kind: SymbolKindName = 'property';
      const value = ts.isPropertyAssignment(member) ? this.unwrap(member.initializer) : undefined;
      if (ts.isMethodDeclaration(member)) kind = 'method';
      if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) kind = 'method';
      this.emit(kind, name, this.fullSpan(member));
      if (value && ts.isObjectLiteralExpression(value)) this.objectMembers(value);
    }
  }

  private memberName(name: TS.PropertyName): Name | undefined {
    const ts = this.ts;
    if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isNumericLiteral(name))
      return this.nameOf(name);
    if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return this.quoted(name);
    return undefined;
  }

  private nameOf(node: TS.Node): Name {
    const start = node.getStart(this.sourceFile);
    return { name: this.text.slice(start, node.end), span: { start, end: node.end } };
  }

  private quoted(node: TS.Node): Name {
    const start = node.getStart(this.sourceFile) + 1;
    const end = Math.max(start, node.end - 1);
    return { name: this.text.slice(start, end), span: { start, end } };
  }

  private defaultKeyword(node: TS.Node): Name | undefined {
    const ts = this.ts;
    const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
    const fromModifiers = modifiers.find((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    const keyword =
      fromModifiers ?? node.getChildren(this.sourceFile).find((c) => c.kind === ts.SyntaxKind.DefaultKeyword);
    return keyword ? this.nameOf(keyword) : undefined;
  }

  /** Start at the first token (decorators/modifiers in, JSDoc out); a same-line trailing comment is in. */
  private fullSpan(node: TS.Node): Span {
    let end = node.end;
    if (this.text[end - 1] === ',') end--;
    return this.trimmed({ start: node.getStart(this.sourceFile), end });
  }

  /** As the engine: a same-line comment after the end (at most one `,`/`;` between) is in. */
  private trimmed(span: Span): Span {
    let at = span.end;
    while (this.text[at] === ' ' || this.text[at] === '\t') at++;
    if (this.text[at] === ',' || this.text[at] === ';') at++;
    const trailing = this.ts.getTrailingCommentRanges(this.text, at)?.[0];
    return trailing ? { start: span.start, end: trailing.end } : span;
  }

  private emit(kind: SymbolKindName, name: Name, fullSpan: Span, tag?: string, qualifier?: string[]): void {
    const order = this.out.length;
    this.out.push({ kind, name: name.name, nameSpan: name.span, fullSpan, order, tag, qualifier });
  }
}
