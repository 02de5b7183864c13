/** The route titles of `references:` (the menus need them before the area's page texts are loaded). */
export default { check: '参考文献核查' };
