import { z } from 'zod';
import { RuleMessage } from '../../rules';
import { PageQuery, pageOf, queryInt, textFilter } from '../common';
import { AudienceType, ResourcePosition } from '../../marketing/vocab';
import { Changed, count, Created, id, isoTime, name, toggle } from './common';
import { defineCall } from '../call';

export const ResourceSpace = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  position: z.enum(ResourcePosition.values),
  width: z.number().int(),
  height: z.number().int(),
  maxItems: z.number().int(),
  status: toggle,
  remark: z.string(),
  taskCount: z.number().int(),
  liveCount: z.number().int(),
  modifyTime: z.string(),
});
export type ResourceSpace = z.infer<typeof ResourceSpace>;
/** GET /api/marketing/resource/spaceList */
export const SpaceListQuery = PageQuery.extend({ name: textFilter, position: z.enum(ResourcePosition.values).optional(), status: toggle.optional() });
export const SpaceListResult = pageOf(ResourceSpace);
/** POST /api/marketing/resource/saveSpace */
export const SaveSpaceBody = z.strictObject({
  id: id.optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,39}$/, '编码需以字母开头，2~40位字母、数字、下划线或横线'),
  name: name('请输入资源位名称'),
  position: z.enum(ResourcePosition.values),
  width: count(0, 4000).default(0),
  height: count(0, 4000).default(0),
  maxItems: count(1, 20).default(1),
  status: toggle.default('activity'),
  remark: z.string().trim().max(200).default(''),
});
export type SaveSpaceBody = z.input<typeof SaveSpaceBody>;

export const Audience = z.strictObject({
  type: z.enum(AudienceType.values),
  levelIds: z.array(id).max(50).optional(),
  /** newUser: registered within this many days. */
  newWithinDays: count(1, 365).optional(),
});
export type Audience = z.infer<typeof Audience>;

export const ResourceTask = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  audience: Audience,
  priority: z.number().int(),
  status: toggle,
  /** Now inside its window and switched on. */
  live: z.boolean(),
  modifyTime: z.string(),
});
export type ResourceTask = z.infer<typeof ResourceTask>;
/** GET /api/marketing/resource/taskList */
export const TaskListQuery = PageQuery.extend({ spaceId: queryInt(1, 2_147_483_647), status: toggle.optional() });
export const TaskListResult = pageOf(ResourceTask);
/** POST /api/marketing/resource/saveTask */
export const SaveTaskBody = z
  .strictObject({
    id: id.optional(),
    spaceId: id,
    title: name('请输入标题', 100),
    content: z.string().max(5000).default(''),
    imageUrl: z.string().trim().max(500).default(''),
    linkUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(|https?:\/\/\S+|\/\S*)$/, '请输入正确的URL')
      .default(''),
    startAt: isoTime,
    endAt: isoTime,
    audience: Audience.default({ type: 'all' }),
    priority: count(0, 9999).default(0),
    status: toggle.default('activity'),
  })
  .superRefine((v, ctx) => {
    if (v.endAt <= v.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: '结束时间必须晚于开始时间' });
    if (v.audience.type === 'levels' && !v.audience.levelIds?.length)
      ctx.addIssue({ code: 'custom', path: ['audience', 'levelIds'], message: RuleMessage.arrayNotEmpty });
  });
export type SaveTaskBody = z.input<typeof SaveTaskBody>;
/** POST /api/marketing/resource/modifyTaskStatus */
export const TaskStatusBody = z.strictObject({ id, status: toggle });
/** GET /api/marketing/resource/preview: what one member sees in every active slot at a moment (default now). */
export const PreviewQuery = z.strictObject({ userCode: z.string().trim().min(1, '请输入用户编码').max(40), at: isoTime.optional() });
export const PreviewResult = z.array(
  z.object({
    spaceId: z.number().int(),
    code: z.string(),
    name: z.string(),
    position: z.enum(ResourcePosition.values),
    tasks: z.array(ResourceTask),
  }),
);

// The calls (issue #29): each declared once, registered by the server's modules/marketing routes, made by the web.
export const marketingResourceSpaceListCall = defineCall({
  method: 'GET',
  url: '/api/marketing/resource/spaceList',
  query: SpaceListQuery,
  data: SpaceListResult,
});
export const marketingResourceSaveSpaceCall = defineCall({ method: 'POST', url: '/api/marketing/resource/saveSpace', body: SaveSpaceBody, data: Created });
export const marketingResourceTaskListCall = defineCall({ method: 'GET', url: '/api/marketing/resource/taskList', query: TaskListQuery, data: TaskListResult });
export const marketingResourceSaveTaskCall = defineCall({ method: 'POST', url: '/api/marketing/resource/saveTask', body: SaveTaskBody, data: Created });
export const marketingResourceModifyTaskStatusCall = defineCall({
  method: 'POST',
  url: '/api/marketing/resource/modifyTaskStatus',
  body: TaskStatusBody,
  data: Changed,
});
export const marketingResourcePreviewCall = defineCall({ method: 'GET', url: '/api/marketing/resource/preview', query: PreviewQuery, data: PreviewResult });
